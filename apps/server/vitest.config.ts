import { defineConfig } from 'vitest/config';

/**
 * One config for the server: unit tests beside the code (`src/**`) and cross-cutting suites
 * (`test/**`). Forks, not threads: better-sqlite3 is a native addon and the crash test
 * spawns and kills child processes.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // A hang guard, never a verdict: the process tests build and start servers and CLIs
    // (a start's own guard is 120 s), which on a machine busy three times over took more
    // than 20 s; sized for one busy ten times over.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    teardownTimeout: 10_000,
  },
});
