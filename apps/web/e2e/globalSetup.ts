/**
 * Starts one Tabula server for the whole e2e run and hands its URL to the test files
 * (`inject('baseUrl')`). The server serves the built app, so `apps/web/dist` must exist;
 * E2E_WEB_DIST points at another build (e.g. a copy that a concurrent build cannot change).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (its SQLite event log is `events.sqlite` there). */
    dataDir: string;
  }
}

const WEB_DIST = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : fileURLToPath(new URL('../dist', import.meta.url));

let server: TabulaServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `${WEB_DIST} has no index.html: build the app first (npm run build -w @tabula/web).`,
    );
  }
  server = await startTabulaServer({ webDist: WEB_DIST });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
