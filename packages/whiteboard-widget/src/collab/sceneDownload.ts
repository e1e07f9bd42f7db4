import type { JoinCanvasDownload, JoinCanvasSnapshot } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';

/**
 * Fetches the scene a `download` join answer names and returns it as the snapshot it stands
 * for. The bytes are decoded as they arrive (the browser has decompressed them), so only the
 * one `JSON.parse` is left once the last is in; `progress` hears the share received (0 to 1)
 * at most once per percent. Throws when the server refuses (a used or expired ticket, another
 * node) or the body is not the announced scene: the caller then gets the scene another way.
 */
export async function downloadScene(
  download: (path: string) => Promise<Response>,
  answer: JoinCanvasDownload,
  progress: (fraction: number) => void,
): Promise<JoinCanvasSnapshot> {
  const response = await download(answer.path);
  if (!response.ok || !response.body)
    throw new Error(`The scene download answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  let told = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(decoder.decode(value, { stream: true }));
    received += value.byteLength;
    const fraction = Math.min(1, received / Math.max(1, answer.bytes));
    if (fraction - told >= 0.01) progress((told = fraction));
  }
  parts.push(decoder.decode());
  const elements = JSON.parse(parts.join('')) as unknown;
  if (!Array.isArray(elements) || elements.length !== answer.elements)
    throw new Error('The scene download is not the scene announced');
  const { canvasId, revision } = answer;
  return { kind: 'snapshot', canvasId, revision, elements: elements as SceneElement[] };
}
