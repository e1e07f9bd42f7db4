/** A Redis of the cluster's own: `redis-server` on a free port, nothing saved to disk. */
import { Redis } from 'ioredis';
import { freePort, start, waitUntil } from './processes';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const server = start('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const url = `redis://127.0.0.1:${port}`;
  await waitUntil(
    'redis-server',
    async () => {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.ping()) === 'PONG';
      } finally {
        client.disconnect();
      }
    },
    server,
  );
  return { url, stop: () => server.stop('SIGKILL') };
}
