/**
 * Ten joins at once of a canvas of 50,000 elements: the server's event-loop delay
 * (perf_hooks.monitorEventLoopDelay, max and p99) while they are answered, and how long they
 * took. The clients run in a worker thread with raw WebSockets, so only the server shares the
 * measured loop. `oneMessage` is the old answer (the whole scene in the ack: chunking off);
 * `chunked` the bounded one.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

export interface JoinRun {
  eventLoopDelayMs: { max: number; p99: number; mean: number };
  wallMs: number;
  bytesPerJoin: number;
  chunksPerJoin: number;
  answeredAs: string;
}

interface JoinResult {
  how: string;
  bytes: number;
  chunks: number;
  ms: number;
}

const ms = (ns: number) => Number((ns / 1e6).toFixed(1));

export async function bigJoins(
  url: string,
  token: string,
  canvasId: string,
  joins: number,
): Promise<JoinRun> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const worker = new Worker(new URL('./joinClients.mjs', import.meta.url), {
    workerData: { url, token, canvasId, joins },
  });
  const started = performance.now();
  histogram.enable();
  try {
    const results = await new Promise<JoinResult[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    histogram.disable();
    const wallMs = performance.now() - started;
    return {
      eventLoopDelayMs: {
        max: ms(histogram.max),
        p99: ms(histogram.percentile(99)),
        mean: ms(histogram.mean),
      },
      wallMs: Math.round(wallMs),
      bytesPerJoin: Math.round(results.reduce((sum, r) => sum + r.bytes, 0) / results.length),
      chunksPerJoin: Math.round(results.reduce((sum, r) => sum + r.chunks, 0) / results.length),
      answeredAs: [...new Set(results.map((r) => r.how))].join(','),
    };
  } finally {
    histogram.disable();
    await worker.terminate();
  }
}
