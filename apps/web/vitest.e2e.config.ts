import { defineConfig } from 'vitest/config';

/**
 * The browser end-to-end suite (`npm run test:e2e`): Debian's Chromium against the real
 * server serving the built app (`apps/web/dist`). One server for the whole run (started in
 * `e2e/globalSetup.ts`); files run one after another because they share it and because the
 * online-users list is global.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    // Hang guards, never verdicts: a page wait's own guard is 60 s (support.ts).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The UI answers over a socket and a 2-core machine is slow: poll for up to 10 s.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
