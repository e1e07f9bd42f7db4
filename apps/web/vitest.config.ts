import { defineConfig } from 'vitest/config';

/**
 * Machines, the API client and the realtime client run in node; files ending in
 * `.test.tsx` (containers) run in jsdom.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/**/*.int.test.{ts,tsx}', 'node_modules/**'],
    pool: 'threads',
    maxWorkers: 2,
  },
});
