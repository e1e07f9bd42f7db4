/**
 * The admin commands from the built output, under plain node (no tsx, as in the container
 * image): on the log of a built server that served a sign-up and a canvas, `cli/backup.js`
 * copies it (owner-only, 0600, even under umask 000), `cli/canvas.js verify` finds no
 * difference, and `cli/rebuildProjections.js` removes the saved read models.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newUser } from './testServer';
import { buildServer, runBuilt, startBuilt } from './support/builtServer';
import type { Built } from './support/builtServer';

let built: Built;
const root = mkdtempSync(path.join(tmpdir(), 'tabula-built-cli-'));
const dataDir = path.join(root, 'data');
beforeAll(() => {
  built = buildServer('cli');
});
afterAll(() => {
  built?.remove();
  rmSync(root, { recursive: true, force: true });
});

it('backup, verify and rebuild-projections run from dist/ under plain node', async () => {
  const server = await startBuilt(built.outdir, { DATA_DIR: dataDir });
  const signUp = await fetch(`${server.url}/auth/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newUser('cli')),
  });
  const { data } = (await signUp.json()) as { data: { token: string } };
  const created = await fetch(`${server.url}/canvas/createcanvas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'auth-token': data.token },
    body: JSON.stringify({ name: 'Audited' }),
  });
  expect(created.status).toBe(201);
  expect(await server.stop()).toBe(0);
  expect(existsSync(path.join(dataDir, 'read-models.json'))).toBe(true);

  const env = { DATA_DIR: dataDir, INIT_CWD: root };
  const backup = await runBuilt(built.outdir, 'cli/backup.js', ['copy.sqlite'], env, '000');
  expect([backup.code, backup.stderr]).toEqual([0, '']);
  expect(backup.stdout).toMatch(/^Backed up \d+ events \(up to log position \d+\) to /);
  expect(statSync(path.join(root, 'copy.sqlite')).mode & 0o777).toBe(0o600);

  const verify = await runBuilt(built.outdir, 'cli/canvas.js', ['verify'], env);
  expect([verify.code, verify.stderr.trim()]).toEqual([
    0,
    'Verified 1 canvases: 0 with differences.',
  ]);

  const rebuild = await runBuilt(built.outdir, 'cli/rebuildProjections.js', [], env);
  expect(rebuild.code).toBe(0);
  expect(rebuild.stdout).toContain('the next start rebuilds the read models from the whole log');
  expect(existsSync(path.join(dataDir, 'read-models.json'))).toBe(false);
});
