import { defineConfig } from 'vitest/config';

// `*.test.ts` run in Node: pure units, and the sync engine and transports against the real
// server started in this process (`@tabula/server/testing`, in-memory store) over real
// Socket.IO. `*.int.test.ts` drive Debian's Chromium against a page built with Vite (and, for
// the live ones, the real Tabula server in a child process).
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // Hang guards, never verdicts: sized for a machine busy ten times over (the browser tests'
    // waits for a page are 120 s each; a 60 s test guard fired first at load 19).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
