/**
 * One Tabula node as an operator runs it: `main.ts` in its own process, configured only by
 * its environment (the PostgreSQL event store, Redis, a port of its own on 127.0.0.1).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The repository's one server launcher, by path like the PostgreSQL helper (processes.ts).
import { startTabulaServer } from '../../../../packages/testing/src/server';
import type { TabulaServer } from '../../../../packages/testing/src/server';
import { START_GUARD_MS, freePort, start, waitUntil } from './processes';

const serverDir = fileURLToPath(new URL('../../../../apps/server', import.meta.url));

/**
 * Runs one of the server's commands (`src/cli/<name>.ts`) with the cluster's environment, as
 * an operator would on any node; resolves with its exit code and output.
 */
export async function runCommand(
  name: string,
  env: NodeEnvironment,
): Promise<{ code: number | null; output: string }> {
  const command = start(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, ...env },
  });
  await command.exited;
  return { code: command.child.exitCode, output: command.output() };
}

export interface NodeEnvironment {
  EVENTSTORE_URL: string;
  REDIS_URL: string;
  [variable: string]: string;
}

export class TabulaNode {
  private server: TabulaServer | null = null;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-node-'));

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeEnvironment,
  ) {}

  /** A node on a free port, not started yet. */
  static async create(name: string, env: NodeEnvironment): Promise<TabulaNode> {
    return new TabulaNode(name, await freePort(), env);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.server?.running() ?? false;
  }

  /** Starts the process (again, on the same port) and resolves once its health is ok. */
  async start(): Promise<void> {
    this.server = await startTabulaServer({
      dataDir: this.dataDir,
      port: this.port,
      // Configured by its environment alone, with the server's own limits (the cluster tests them).
      inheritEnv: false,
      generousLimits: false,
      env: { NODE_ID: this.name, DEMO_ACCOUNTS: 'off', TRUST_PROXY: '1', ...this.env },
      timeoutMs: START_GUARD_MS,
    });
    await waitUntil(`node ${this.name}`, async () => (await fetch(`${this.url}/api/health`)).ok);
  }

  /** Kills the process at once, as a crash or a pulled plug would. */
  async kill(): Promise<void> {
    await this.server?.kill();
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }

  output(): string {
    return this.server?.output() ?? '';
  }

  remove(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
