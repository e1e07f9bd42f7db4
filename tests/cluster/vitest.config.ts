import { defineConfig } from 'vitest/config';

// One cluster per file, its tests in order: they share its nodes, users and canvases.
export default defineConfig({
  test: {
    include: ['src/**/*.int.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
