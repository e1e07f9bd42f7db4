/**
 * One serialisation of what a commit carries, shared by everyone who writes it out: the log
 * (SQLite body), the read models (one JSON value per element) and the socket frames
 * (`updated-canvas`). `shareJson(elements)` serialises each element once and remembers the
 * text by object identity; `stringify` then splices the remembered text in wherever the same
 * objects appear, and serialises the rest as JSON.stringify would.
 *
 * Shared objects must not change afterwards (nothing on the drawing path mutates elements).
 */
import { randomUUID } from 'node:crypto';

const remembered = new WeakMap<object, string>();

/** Placeholders are unguessable per process, so no user text can be mistaken for one. */
const MARKER = `__shared_json_${randomUUID().replaceAll('-', '')}_`;

/** Serialises every value (and the array) now, once, for later `stringify` calls. */
export function shareJson(values: readonly object[]): void {
  if (remembered.has(values)) return;
  remembered.set(values, `[${values.map(jsonOf).join(',')}]`);
}

/** The object's JSON: the text already made for it, else JSON.stringify's (remembered). */
export function jsonOf(value: object): string {
  let json = remembered.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    remembered.set(value, json);
  }
  return json;
}

/**
 * The JSON of an object that lives briefly (read back from the log, or only measured): the
 * text already made for it, else JSON.stringify's, not remembered. Remembering it would only
 * hold memory, and cost the young generation's collections: a WeakMap entry keeps its text
 * alive through them while its key lives (each drawing of a cold load would be copied).
 */
export function transientJsonOf(value: object): string {
  return remembered.get(value) ?? JSON.stringify(value);
}

/**
 * Parses JSON texts of objects (each as `jsonOf` gave it) in one pass, and remembers each
 * text for the object parsed from it, so writing the objects out again reuses it.
 */
export function parseShared(texts: readonly string[]): object[] {
  if (texts.length === 0) return [];
  const values = JSON.parse(`[${texts.join(',')}]`) as object[];
  values.forEach((value, index) => remembered.set(value, texts[index]!));
  return values;
}

/** The texts each stand-in array of `textsAsArray` is written as. */
const standIns = new WeakMap<object, readonly string[]>();

/**
 * An array that stands for the objects whose JSON texts are `texts`, for writing them out
 * without parsing them: `stringify` writes the texts where it meets the array. It holds
 * nothing itself (reading it gives no objects): only for a value made to be sent.
 */
export function textsAsArray(texts: readonly string[]): object[] {
  const standIn: object[] = [];
  standIns.set(standIn, texts);
  return standIn;
}

/** JSON.stringify(value), reusing the text of any shared object inside it. */
export function stringify(value: unknown): string | undefined {
  return jsonPieces(value)?.join('');
}

/**
 * `stringify(value)` as pieces to be written one after another, never joined here: each
 * shared object's text is a piece, and so is each text of a `textsAsArray` stand-in. A scene
 * chunk is written to its frame's bytes straight from the texts the scene holds
 * (`socketSession.ts`), never copied into one string of the chunk's size first.
 */
export function jsonPieces(value: unknown): string[] | undefined {
  if (typeof value !== 'object' || value === null) {
    const json = JSON.stringify(value);
    return json === undefined ? undefined : [json];
  }
  const whole = splicedPieces(value);
  if (whole !== undefined) return whole;
  const spliced: object[] = [];
  const json = JSON.stringify(value, function (this: unknown, _key, item: unknown) {
    if (typeof item !== 'object' || item === null || item === value) return item;
    if (!remembered.has(item) && !standIns.has(item)) return item;
    spliced.push(item);
    return `${MARKER}${spliced.length - 1}`;
  });
  if (json === undefined) return undefined;
  // The placeholders appear in the text in the order they were made: one forward scan.
  const pieces: string[] = [];
  let from = 0;
  spliced.forEach((item, index) => {
    const placeholder = `"${MARKER}${index}"`;
    const at = json.indexOf(placeholder, from);
    pieces.push(json.slice(from, at));
    for (const piece of splicedPieces(item)!) pieces.push(piece);
    from = at + placeholder.length;
  });
  pieces.push(json.slice(from));
  return pieces;
}

/** The pieces a shared object or a stand-in array is written as; undefined for others. */
function splicedPieces(item: object): string[] | undefined {
  const texts = standIns.get(item);
  if (texts === undefined) {
    const text = remembered.get(item);
    return text === undefined ? undefined : [text];
  }
  const pieces = ['['];
  texts.forEach((text, index) => (index === 0 ? pieces.push(text) : pieces.push(',', text)));
  pieces.push(']');
  return pieces;
}
