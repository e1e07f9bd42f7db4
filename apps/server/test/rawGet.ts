import { request } from 'node:http';

/** A raw GET (fetch would decode the body): the headers and the bytes as sent. */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** `rawGet` with this Accept-Encoding, or none. */
export function rawGetEncoded(url: string, acceptEncoding?: string) {
  return rawGet(url, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
}
