import { defineConfig } from 'vitest/config';

// One Node test: build (or reuse) storybook-static and render every story in Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/buildStorybook.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
