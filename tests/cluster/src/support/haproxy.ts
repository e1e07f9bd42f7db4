/**
 * HAProxy in front of the nodes, as a deployment would run it: HTTP mode (WebSocket upgrades
 * pass through), round robin, health checks on `/api/health`, a failed connection retried on
 * another node. Two things for the tests: every answer names the node that served it
 * (`X-Tabula-Node`), and a request whose query has `node=<name>` goes to that node while it
 * is up (so a test can put two users on different nodes); once it is down, to any other.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, start, waitUntil } from './processes';

export interface Backend {
  name: string;
  port: number;
}

export interface TestHaproxy {
  url: string;
  /** Resolves once the balancer sends requests to `name` again (after its health checks). */
  serving(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** A node down is noticed after `fall` failed checks `inter` ms apart. */
export const CHECK_INTERVAL_MS = 300;

function config(port: number, backends: readonly Backend[]): string {
  const lines = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option redispatch 1',
    '  retries 3',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    'frontend tabula',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-response set-header X-Tabula-Node %s',
    `  default-server check inter ${CHECK_INTERVAL_MS} fall 2 rise 2`,
    ...backends.map(({ name }) => `  use-server ${name} if { url_param(node) -m str ${name} }`),
    ...backends.map(({ name, port: nodePort }) => `  server ${name} 127.0.0.1:${nodePort}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Starts HAProxy on a free port in front of `backends`; resolves once every node is up. */
export async function startHaproxy(backends: readonly Backend[]): Promise<TestHaproxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tabula-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const port = await freePort();
  writeFileSync(file, config(port, backends));
  const proxy = start('haproxy', ['-db', '-f', file]);
  const url = `http://127.0.0.1:${port}`;
  const serving = (name: string) =>
    waitUntil(
      `HAProxy to ${name}`,
      async () => {
        const response = await fetch(`${url}/api/health?node=${name}`);
        return response.ok && response.headers.get('x-tabula-node') === name;
      },
      proxy,
    );
  // Every node answers through the balancer once HAProxy has seen it healthy.
  for (const { name } of backends) await serving(name);
  return {
    url,
    serving,
    async stop() {
      await proxy.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
