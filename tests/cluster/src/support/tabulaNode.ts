/**
 * One Tabula node as an operator runs it: `main.ts` in its own process, configured only by
 * its environment (the PostgreSQL event store, Redis, a port of its own on 127.0.0.1).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, start, waitUntil } from './processes';
import type { Started } from './processes';

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
  private process: Started | null = null;
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
    const child = this.process?.child;
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  /** Starts the process (again, on the same port) and resolves once its health is ok. */
  async start(): Promise<void> {
    this.process = start(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        NODE_ID: this.name,
        DEMO_ACCOUNTS: 'off',
        TRUST_PROXY: '1',
        ...this.env,
      },
    });
    const started = this.process;
    await waitUntil(
      `node ${this.name}`,
      async () => (await fetch(`${this.url}/api/health`)).ok,
      started,
    );
  }

  /** Kills the process at once, as a crash or a pulled plug would. */
  async kill(): Promise<void> {
    await this.process?.stop('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.process?.stop('SIGTERM');
  }

  output(): string {
    return this.process?.output() ?? '';
  }

  remove(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
