import { defineConfig } from 'vitest/config';

// Component tests run in jsdom; see src/test/setup.ts for the matchers and cleanup.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // jsdom typing is slow when the machine is busy (turbo runs tasks side by side).
    testTimeout: 15_000,
  },
});
