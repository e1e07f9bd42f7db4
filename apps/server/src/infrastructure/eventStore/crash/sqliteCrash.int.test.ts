/**
 * Kill -9 a process in the middle of group-committed appends, 20 times over one data
 * directory: every append it acknowledged must be there exactly once after reopening,
 * revisions stay dense, and SQLite's integrity check passes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { EVENTS_FILE_NAME } from '../sqliteSchema';
import { openSqliteEventStore } from '../sqliteEventStore';

const ROUNDS = 20;
const here = path.dirname(fileURLToPath(import.meta.url));
const workDir = mkdtempSync(path.join(tmpdir(), 'tabula-crash-'));
const dataDir = path.join(workDir, 'data');
const writerBundle = path.join(workDir, 'crashWriter.mjs');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The part of esbuild's API used here. */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<unknown>;
}

/**
 * Bundles the writer once with the esbuild that tsx runs on, so each round starts a plain
 * `node` (a fraction of a second) instead of paying the TypeScript loader twenty times. The
 * store's writer worker is bundled beside it, where the store looks for it (as compiled JS
 * would ship it). better-sqlite3 stays external (a native addon), imported by absolute path.
 */
beforeAll(async () => {
  const requireHere = createRequire(import.meta.url);
  const esbuild = createRequire(requireHere.resolve('tsx'))('esbuild') as Esbuild;
  const sqlitePath = requireHere.resolve('better-sqlite3');
  await esbuild.build({
    entryPoints: [
      { in: path.join(here, 'crashWriter.ts'), out: 'crashWriter' },
      { in: path.join(here, '..', 'sqliteWriter.worker.mjs'), out: 'sqliteWriter.worker' },
    ],
    outdir: workDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
    plugins: [
      {
        name: 'native-sqlite',
        setup(build: { onResolve(o: object, cb: () => object): void }) {
          build.onResolve({ filter: /^better-sqlite3$/ }, () => ({
            path: sqlitePath,
            external: true,
          }));
        },
      },
    ],
  });
});

/** Runs the writer until a random moment after its first acknowledgement, then SIGKILLs it. */
function runAndKill(runId: string): Promise<{ acked: string[]; killDelayMs: number }> {
  const killDelayMs = 10 + Math.floor(Math.random() * 150);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writerBundle, dataDir, runId], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let armed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!armed && stdout.includes('ack ')) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), killDelayMs);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal !== 'SIGKILL')
        return reject(new Error(`writer ended on its own (${String(signal)}): ${stderr}`));
      // Only whole lines count: a line cut by the kill was never fully acknowledged.
      const lines = stdout.split('\n').slice(0, -1);
      resolve({
        acked: lines.filter((l) => l.startsWith('ack ')).map((l) => l.slice(4)),
        killDelayMs,
      });
    });
  });
}

it(`keeps every acknowledged append through ${ROUNDS} SIGKILLs`, async () => {
  const acked = new Set<string>();
  for (let round = 0; round < ROUNDS; round += 1) {
    const { acked: ids, killDelayMs } = await runAndKill(`r${round}`);
    expect(ids.length, `round ${round} acknowledged nothing`).toBeGreaterThan(0);
    ids.forEach((id) => acked.add(id));

    const raw = new Database(path.join(dataDir, EVENTS_FILE_NAME));
    expect(
      raw.pragma('integrity_check', { simple: true }),
      `round ${round}, killed after ${killDelayMs} ms`,
    ).toBe('ok');
    raw.close();

    const store = openSqliteEventStore({ dataDir });
    const all = await store.readAll();
    await store.close();
    const counts = new Map<string, number>();
    for (const r of all)
      counts.set(r.event.metadata.eventId, (counts.get(r.event.metadata.eventId) ?? 0) + 1);
    const missing = [...acked].filter((id) => counts.get(id) !== 1);
    expect(missing, `round ${round}, killed after ${killDelayMs} ms`).toEqual([]);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);

    const revisions = new Map<string, number[]>();
    for (const r of all)
      revisions.set(r.streamName, [...(revisions.get(r.streamName) ?? []), r.revision]);
    for (const [stream, seen] of revisions) expect(seen, stream).toEqual(seen.map((_, i) => i));
  }
}, 90_000);
