import { defineConfig } from 'vitest/config';

/** Pure unit tests only: no I/O anywhere in this package. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.int.test.ts', 'node_modules/**'],
    pool: 'threads',
    maxWorkers: 2,
  },
});
