/**
 * The built server (`build.mjs`, as `npm run build` runs it) under plain `node`, without tsx:
 * it starts on a fresh data directory, serves its health (the SQLite writer's worker found
 * beside the bundle), a sign-up (the domain's class-validator DTOs compiled in the bundle) and
 * a canvas's scene (loaded on the scene load thread, its module found beside the bundle too),
 * logs JSON lines with its node id, serves the widget's embed build under /embed/v1/, and stops
 * on SIGTERM with exit code 0.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { EMBED_NOT_BUILT } from '../src/features/embeds/embedModule';
import { SERVER_DIR, buildServer } from './support/builtServer';
import type { Built } from './support/builtServer';
import { HANG_MS, newUser } from './testServer';

const REPO_ROOT = path.join(SERVER_DIR, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-built-'));
let built: Built | undefined;
afterAll(() => {
  built?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

it('runs under plain node: health, a sign-up, JSON logs, a clean SIGTERM', async () => {
  built = buildServer('built');
  const { outdir } = built;
  const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
    env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: dataDir, NODE_ID: 'built-1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const guard = setTimeout(() => child.kill('SIGKILL'), HANG_MS * 4);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`exited (${code}):\n${stdout}${stderr}`)));
  });

  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  const signUp = await fetch(`${url}/auth/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newUser('built')),
  });
  expect(signUp.status).toBe(201);
  // A canvas's scene, loaded on the scene load thread (its module found beside the bundle).
  const { token } = ((await signUp.json()) as { data: { token: string } }).data;
  const asUser = { 'content-type': 'application/json', 'auth-token': token };
  const created = await fetch(`${url}/canvas/createcanvas`, {
    method: 'POST',
    headers: asUser,
    body: JSON.stringify({ name: 'Built' }),
  });
  expect(created.status).toBe(201);
  const canvasId = ((await created.json()) as { data: { _id: string } }).data._id;
  const detail = await fetch(`${url}/canvas/getcanvas/${canvasId}`, { headers: asUser });
  expect(detail.status).toBe(200);
  expect(((await detail.json()) as { data: { elements: unknown[] } }).data.elements).toEqual([]);
  const invalid = await fetch(`${url}/auth/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'x' }),
  });
  expect(invalid.status).toBe(400);
  // The custom elements' module, found through the widget package from the bundle as from the
  // sources: the entry as the widget's build wrote it, or (not built yet) a 404 that says so.
  const entry = path.join(REPO_ROOT, 'packages/whiteboard-widget/dist/embed/v1/tabula.js');
  const module = await fetch(`${url}/embed/v1/tabula.js`);
  if (existsSync(entry)) {
    expect(module.status).toBe(200);
    expect(await module.text()).toBe(readFileSync(entry, 'utf8'));
  } else {
    expect([module.status, await module.text()]).toEqual([404, EMBED_NOT_BUILT]);
  }

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  clearTimeout(guard);
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { node: string; msg: string });
  expect(lines.every((line) => line.node === 'built-1')).toBe(true);
  expect(lines.map((line) => line.msg)).toContain('Stopped');
  expect(stderr).toBe('');
});
