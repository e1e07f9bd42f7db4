import { defineConfig } from 'vitest/config';

// Build (or reuse) storybook-static, then render every story and docs page in Chromium and drive
// the modal dialog there. One file at a time: each runs its own Chromium on a 2-core machine.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/buildStorybook.ts'],
    testTimeout: 60_000,
    fileParallelism: false,
    hookTimeout: 120_000,
  },
});
