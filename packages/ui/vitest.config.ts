import { defineConfig } from 'vitest/config';

// Component tests run in jsdom; see src/test/setup.ts for the matchers and cleanup.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
