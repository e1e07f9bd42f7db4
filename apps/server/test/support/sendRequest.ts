/**
 * One HTTP or HTTPS request with what fetch does not let a test choose: the authority to trust
 * (a test's self-signed certificate) and the local address to send from (127.0.0.2, …: another
 * client on the same machine). Answers the status, headers and raw body.
 */
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The only certificate authority trusted (HTTPS). */
  ca?: string;
  /** The client's address (any 127.x.y.z on Linux). */
  localAddress?: string;
}

export interface SentAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON (throws when it is not). */
  json<T = { success: boolean; message?: string; data?: unknown }>(): T;
}

export function sendRequest(url: string, options: SendOptions = {}): Promise<SentAnswer> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  const { method = 'GET', body, ca, localAddress } = options;
  // A length, as browsers send (Node would otherwise send the body in chunks).
  const headers =
    body === undefined
      ? options.headers
      : { 'content-length': String(Buffer.byteLength(body)), ...options.headers };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      // A fresh connection each time (no agent): the local address is the one asked for.
      { method, headers, ca, localAddress, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes,
            json: () => JSON.parse(bytes.toString('utf8')),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
