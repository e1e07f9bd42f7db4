/**
 * The replay player in Chromium (issue 9's player figures), measured by the widget's own
 * benchmark (`packages/whiteboard-widget/bench/replay.bench.ts`) in a child process, its
 * JSON report embedded here so `npm run bench` stays one report. BENCH_REPLAY_EVENTS sets the
 * canvas size (default 10000).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export function run(): Promise<object> {
  const events = process.env.BENCH_REPLAY_EVENTS ?? '10000';
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'packages/whiteboard-widget/bench/replay.bench.ts', events],
      { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`the replay benchmark failed: ${stderr.slice(-2000)}`));
          return;
        }
        resolve(JSON.parse(stdout) as object);
      },
    );
  });
}
