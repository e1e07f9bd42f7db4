import { defineConfig } from 'vitest/config';

// Pages built by Vite and driven in Chromium against the real server: hang guards sized for a
// machine busy ten times over, never verdicts.
export default defineConfig({
  test: {
    include: ['src/**/*.int.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
