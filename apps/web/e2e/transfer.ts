/**
 * What a page load costs on the wire, read from Chromium's DevTools protocol with the cache
 * disabled: every response with the bytes it took (headers and the encoded body, as
 * transferred), and the WebSocket frames received.
 */
import type { Page } from 'playwright-core';

/** One response: its URL (path only), type, encoding and transferred bytes. */
export interface Transfer {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

/** The transfers of one page, recorded from the moment `recordTransfers` returns. */
export interface TransferLog {
  /** Finished responses, largest first. */
  responses(): Transfer[];
  /** Bytes of every finished response plus the WebSocket frames received. */
  total(): number;
  /** Requests sent and not yet finished or failed. */
  pending(): number;
  /** The list as a table, one line a response. */
  table(): string;
}

export async function recordTransfers(page: Page): Promise<TransferLog> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  const started = new Map<string, { url: string; type: string; encoding: string }>();
  const finished: Transfer[] = [];
  let frames = 0;
  session.on('Network.requestWillBeSent', (event) => {
    // data: URLs are read from memory, not transferred.
    if (event.request.url.startsWith('data:')) return;
    started.set(event.requestId, { url: event.request.url, type: event.type ?? '', encoding: '' });
  });
  session.on('Network.responseReceived', (event) => {
    const request = started.get(event.requestId);
    if (!request) return;
    const headers = event.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding');
    request.encoding = encoding?.[1] ?? '';
  });
  session.on('Network.loadingFinished', (event) => {
    const request = started.get(event.requestId);
    if (!request) return;
    started.delete(event.requestId);
    const { pathname, search } = new URL(request.url);
    finished.push({ ...request, url: pathname + search, bytes: event.encodedDataLength });
  });
  session.on('Network.loadingFailed', (event) => started.delete(event.requestId));
  session.on('Network.webSocketFrameReceived', (event) => {
    frames += event.response.payloadData.length;
  });
  const responses = () => [...finished].sort((a, b) => b.bytes - a.bytes);
  const total = () => finished.reduce((sum, t) => sum + t.bytes, 0) + frames;
  return {
    responses,
    total,
    pending: () => [...started.values()].filter((r) => !r.url.startsWith('ws')).length,
    table: () =>
      [
        ...responses().map(
          (t) =>
            `${(t.bytes / 1024).toFixed(1).padStart(8)} KB  ${t.type.padEnd(10)} ${t.encoding.padEnd(5)} ${t.url}`,
        ),
        `${(frames / 1024).toFixed(1).padStart(8)} KB  WebSocket frames received`,
        `${(total() / 1024).toFixed(1).padStart(8)} KB  total`,
      ].join('\n'),
  };
}
