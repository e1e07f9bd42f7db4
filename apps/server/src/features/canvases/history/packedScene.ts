/**
 * A scene handed from the thread that loaded it (`sceneLoad.worker.ts`) to the event loop's
 * thread, in parts of about `PART_CHARS` of element text: each part holds its elements' texts
 * as ONE string, their ids and fractional indexes likewise, and where each one ends.
 *
 * Why not a string per element: a message's strings are made afresh on the receiving thread,
 * and fifty thousand texts made there would be fifty thousand young objects that the young
 * collections copy (the scene keeps them all), stalling the event loop the load was moved off.
 * A string of a megabyte is made in V8's large-object space, which young collections never
 * copy; each element's text is then a slice of it, a few dozen bytes of header.
 */

/** Characters of element text in one part at most (beyond its first element). */
export const PART_CHARS = 1 << 20;

/** An element as a scene holds it: its JSON and what is read of it without parsing. */
export interface HeldElement {
  id: string;
  text: string;
  /** Its fractional index (null: none). */
  index: string | null;
  isDeleted: boolean;
}

export interface ScenePart {
  texts: string;
  ids: string;
  /** The indexes one after another (an element without one has none here; see `flags`). */
  indexes: string;
  /** Three numbers per element: where its text, its id and its index end in the strings. */
  ends: Int32Array<ArrayBuffer>;
  /** One per element: `DELETED`, `NO_INDEX`, both or neither. */
  flags: Uint8Array<ArrayBuffer>;
}

const DELETED = 1;
const NO_INDEX = 2;

/** The elements, in the order given, in parts of about `partChars` of text each. */
export function* packParts(
  elements: readonly HeldElement[],
  partChars = PART_CHARS,
): Generator<ScenePart> {
  for (let start = 0; start < elements.length;) {
    let end = start;
    for (let chars = 0; end < elements.length && (end === start || chars < partChars); end += 1)
      chars += elements[end]!.text.length;
    const slice = elements.slice(start, end);
    const ends = new Int32Array(slice.length * 3);
    const flags = new Uint8Array(slice.length);
    let [text, id, index] = [0, 0, 0];
    slice.forEach((element, at) => {
      ends[at * 3] = text += element.text.length;
      ends[at * 3 + 1] = id += element.id.length;
      ends[at * 3 + 2] = index += element.index?.length ?? 0;
      flags[at] = (element.isDeleted ? DELETED : 0) | (element.index === null ? NO_INDEX : 0);
    });
    yield {
      texts: slice.map((element) => element.text).join(''),
      ids: slice.map((element) => element.id).join(''),
      indexes: slice.map((element) => element.index ?? '').join(''),
      ends,
      flags,
    };
    start = end;
  }
}

/** The part's elements in order; each text and id a slice of the part's strings. */
export function* unpackPart(part: ScenePart): Generator<HeldElement> {
  const { texts, ids, indexes, ends, flags } = part;
  let [text, id, index] = [0, 0, 0];
  for (let at = 0; at < flags.length; at += 1) {
    const [textEnd, idEnd, indexEnd] = [ends[at * 3]!, ends[at * 3 + 1]!, ends[at * 3 + 2]!];
    yield {
      id: ids.slice(id, idEnd),
      text: texts.slice(text, textEnd),
      index: flags[at]! & NO_INDEX ? null : indexes.slice(index, indexEnd),
      isDeleted: (flags[at]! & DELETED) !== 0,
    };
    [text, id, index] = [textEnd, idEnd, indexEnd];
  }
}
