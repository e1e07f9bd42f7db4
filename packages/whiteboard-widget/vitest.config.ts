import { defineConfig } from 'vitest/config';

// Unit tests (`*.test.ts`) run in Node without I/O; `*.int.test.ts` drive Debian's Chromium
// against a page built with Vite (and, for the live ones, the real Tabula server).
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
