/**
 * A scene kept as each element's JSON text rather than as objects: a freedraw stroke's text
 * is about a quarter of its object graph (every point an array), and the text is the one the
 * commit already made for the log and the room (`shareJson`), so holding it costs no copy.
 * Folding an event parses only the elements it names (a restore: all of them); `elements()`
 * parses the whole scene when someone asks for it. Same fold as the domain's scene rule.
 * Each fold answers what it read of the scene before it (`FoldedEvent`), which is all a
 * history entry of the event needs: the live feed reads it instead of keeping a scene itself.
 *
 * A scene can also set its content aside (`shed`) and keep only each element's stamp: its
 * version, versionNonce, deletion and a digest of its text. That still decides the scene rule
 * for nearly every drawing, which compares version, then nonce, then deletion, and only then
 * content; a copy sent again unchanged has the same digest. What a shed scene cannot decide it
 * does not guess: a restore (it rewrites elements from their content), or a copy that differs
 * from the held one in content alone. Its `apply` answers null then, and the content must be
 * loaded again.
 */
import { hash } from 'node:crypto';
import { compareSceneOrder, liveChangeOf, winningUpserts } from '@tabula/domain';
import type { CanvasEvent, LiveChange, SceneElement } from '@tabula/domain';
import { jsonOf, parseShared, transientJsonOf } from '../../../infrastructure/sharedJson';
import { SNAPSHOT_SEPARATOR } from '../../../infrastructure/snapshots/snapshotStore';
import { unpackPart } from './packedScene';
import type { HeldElement, ScenePart } from './packedScene';
import { sortInSlices } from '../../../infrastructure/turnSlices';
import type { TurnSlices } from '../../../infrastructure/turnSlices';

/** Bytes counted per element besides its text: the map entry and the id's string. */
export const ELEMENT_OVERHEAD_BYTES = 96;
/** Bytes counted per element of a shed scene: its stamp, digest and map entry. */
export const STAMP_BYTES = 160;

/** What a shed scene keeps of an element: all the scene rule reads before the content. */
interface Stamp {
  version: number;
  versionNonce: number;
  isDeleted: boolean;
  /** SHA-256 of the element's JSON: tells a copy sent again unchanged. */
  digest: string;
}

const digestOf = (text: string): string => hash('sha256', text, 'base64');

/** One event as a scene folded it, with what the scene held before it (see `apply`). */
export interface FoldedEvent {
  /** The event as folded: a drawing without the elements it sent again unchanged. */
  event: CanvasEvent;
  /** What the scene held of the elements the event names, before it (a restore: all). */
  before: Record<string, SceneElement>;
  /** Live (not deleted) elements of the whole scene before it. */
  liveBefore: number;
}

/**
 * A `FoldedEvent` made by a constructor, not an object literal: an old one would keep its young
 * event alive until the next full collection (`StoredRecord` in `eventStore.ts` says why).
 */
class Folded implements FoldedEvent {
  constructor(
    readonly event: CanvasEvent,
    readonly before: Record<string, SceneElement>,
    readonly liveBefore: number,
  ) {}
}

export class CompactScene {
  /** Element JSON by id, in the order the ids first came. */
  private readonly texts = new Map<string, string>();
  /** Each element's stamp by id once the content is set aside (`shed`); then `texts` is empty. */
  private stamps: Map<string, Stamp> | undefined;
  /** Ids of the deleted elements held (tombstones), to count the live ones. */
  private readonly deleted = new Set<string>();
  /** Each element's fractional index while the content is held: scene order without parsing. */
  private readonly indexes = new Map<string, string | null>();
  private textBytes = 0;
  /** The texts in scene order, while the scene is as it was made from parts (`fromParts`). */
  private inOrder: string[] | undefined;

  static of(elements: Iterable<SceneElement>): CompactScene {
    const scene = new CompactScene();
    scene.putAll(elements);
    return scene;
  }

  /**
   * The scene of elements given in scene order, in parts (as `inSceneOrder` gave them, from
   * another thread): held as they come, a few hundred per step of `slices`, never parsed. Its
   * ordered texts are known until it changes.
   */
  static async fromParts(
    parts: AsyncIterable<ScenePart>,
    slices: TurnSlices,
  ): Promise<CompactScene> {
    const scene = new CompactScene();
    const inOrder: string[] = [];
    for await (const part of parts) {
      let held = 0;
      for (const element of unpackPart(part)) {
        scene.hold(element);
        inOrder.push(element.text);
        if (++held % 512 === 0) await slices.due();
      }
      await slices.due();
    }
    scene.inOrder = inOrder;
    return scene;
  }

  /**
   * Puts each element as it is, as the scene's newest copy, serialised once (`jsonOf`): scenes
   * made of the same element objects share their texts.
   */
  putAll(elements: Iterable<SceneElement>): void {
    for (const element of elements) this.put(element, jsonOf(element));
  }

  /** Elements held, tombstones included. */
  get size(): number {
    return (this.stamps ?? this.texts).size;
  }

  /** About what the scene takes in memory (V8 keeps ASCII text at a byte a character). */
  get bytes(): number {
    if (this.stamps) return this.stamps.size * STAMP_BYTES;
    return this.textBytes + this.texts.size * ELEMENT_OVERHEAD_BYTES;
  }

  /** Live (not deleted) elements held. */
  get live(): number {
    return this.size - this.deleted.size;
  }

  /** False once the content is set aside (`shed`): then only `apply` and the sizes answer. */
  get holdsContent(): boolean {
    return this.stamps === undefined;
  }

  /**
   * Sets the content aside and keeps each element's stamp (see the top of this file). Parses
   * and digests the whole scene once.
   */
  shed(): void {
    if (this.stamps) return;
    const texts = [...this.texts.values()];
    const elements = parseShared(texts) as SceneElement[];
    this.stamps = new Map(
      elements.map((element, at) => [element.id, stampOf(element, texts[at]!)] as const),
    );
    this.texts.clear();
    this.indexes.clear();
    this.textBytes = 0;
    this.inOrder = undefined;
  }

  /**
   * Folds a drawing or a restore in (other events leave the scene as it is). Null when the
   * scene is shed and cannot decide the event without the content (then it is left as it was).
   */
  apply(event: CanvasEvent): FoldedEvent | null {
    const changes = this.withoutHeldCopies(event);
    if (this.stamps && !decidable(this.stamps, changes)) return null;
    const folded = new Folded(changes, this.known(changes), this.live);
    if (changes.type === 'LineDrawn' || changes.type === 'CanvasRestored') {
      // A folded event's elements are the commit's (their text shared already) or read back
      // from the log for a load, briefly: their text is not remembered for them.
      for (const winner of winningUpserts(folded.before, changes))
        this.put(winner, transientJsonOf(winner));
    }
    return folded;
  }

  /**
   * What `upserts` would do to the scene's live elements (the domain's `liveChangeOf`), read
   * before they are applied; a shed scene answers from its stamps, which decide it.
   */
  liveChange(upserts: SceneElement[]): LiveChange {
    const held = this.known({ type: 'LineDrawn', data: { elements: upserts } } as CanvasEvent);
    return liveChangeOf((id) => held[id], upserts, this.live);
  }

  /**
   * A drawing without the elements it sends again unchanged: an element whose text is the
   * one held, and whose id the drawing names once, can neither win nor count in a history
   * entry, so folding the rest gives the same scene and the same entry without parsing or
   * comparing it (a client that resends a big drawing costs a string comparison per element).
   */
  private withoutHeldCopies(event: CanvasEvent): CanvasEvent {
    if (event.type !== 'LineDrawn') return event;
    const named = new Map<string, number>();
    for (const { id } of event.data.elements) named.set(id, (named.get(id) ?? 0) + 1);
    const elements = event.data.elements.filter(
      (element) => named.get(element.id)! > 1 || !this.holdsCopy(element),
    );
    if (elements.length === event.data.elements.length) return event;
    return { ...event, data: { ...event.data, elements } };
  }

  /** True when the scene holds this very copy of the element (same text). */
  private holdsCopy(element: SceneElement): boolean {
    if (!this.stamps) return this.texts.get(element.id) === transientJsonOf(element);
    const stamp = this.stamps.get(element.id);
    return stamp !== undefined && stamp.digest === digestOf(transientJsonOf(element));
  }

  /**
   * A fresh record of what the scene holds of the elements `event` names (every element for
   * a restore): all that the scene rule, or a history entry's summary, reads of the scene.
   * A shed scene gives each element's stamp in place of it, which the rule never reads past
   * (`decidable`).
   */
  private known(event: CanvasEvent): Record<string, SceneElement> {
    if (this.stamps) return stubsOf(this.stamps, event);
    const named =
      event.type === 'LineDrawn'
        ? event.data.elements.map((element) => element.id).filter((id) => this.texts.has(id))
        : event.type === 'CanvasRestored'
          ? [...this.texts.keys()]
          : [];
    return byId(parseShared(named.map((id) => this.texts.get(id)!)) as SceneElement[]);
  }

  /** Every element, tombstones included, as a fresh record by id. */
  record(): Record<string, SceneElement> {
    return byId(this.elements());
  }

  /** Every element, tombstones included, parsed afresh (in the order the ids first came). */
  elements(): SceneElement[] {
    return parseShared(this.contentTexts()) as SceneElement[];
  }

  /** The scene as a JSON array, as a stored snapshot's body holds it (see `SNAPSHOT_SEPARATOR`). */
  json(): string {
    return `[${this.contentTexts().join(SNAPSHOT_SEPARATOR)}]`;
  }

  /**
   * Every element's text, tombstones included, in scene order, as the scene is now: taken at
   * once, then sorted by fractional index in slices (`sortInSlices`), without parsing.
   */
  async orderedTexts(slices: TurnSlices): Promise<string[]> {
    if (this.inOrder) return [...this.inOrder];
    const texts = new Map(this.texts);
    const ordered = await this.orderedIds(slices);
    return ordered.map((id) => texts.get(id)!);
  }

  /** Every element with what the scene holds of it, in scene order (for `packParts`). */
  async inSceneOrder(slices: TurnSlices): Promise<HeldElement[]> {
    const [texts, deleted] = [new Map(this.texts), new Set(this.deleted)];
    const indexes = new Map(this.indexes);
    const ordered = await this.orderedIds(slices);
    return ordered.map((id) => ({
      id,
      text: texts.get(id)!,
      index: indexes.get(id) ?? null,
      isDeleted: deleted.has(id),
    }));
  }

  /** The ids in scene order as the scene is now: taken at once, sorted in slices. */
  private async orderedIds(slices: TurnSlices): Promise<string[]> {
    const keys = Array.from(this.indexes, ([id, index]) => ({ id, index }) as SceneElement);
    await slices.due();
    const ordered = await sortInSlices(keys, compareSceneOrder, slices);
    return ordered.map(({ id }) => id);
  }

  /** Puts an element whose JSON is `text` (parsed from it): no serialisation (a load). */
  putText(element: SceneElement, text: string): void {
    this.put(element, text);
  }

  private contentTexts(): string[] {
    if (this.stamps) throw new Error('The scene has set its content aside');
    return [...this.texts.values()];
  }

  private put(element: SceneElement, text: string): void {
    if (!this.stamps) {
      const { id, index, isDeleted } = element;
      return this.hold({ id, text, index: index ?? null, isDeleted });
    }
    if (element.isDeleted) this.deleted.add(element.id);
    else this.deleted.delete(element.id);
    this.stamps.set(element.id, stampOf(element, text));
  }

  /** Holds an element's content as its newest copy (a scene that holds content). */
  private hold({ id, text, index, isDeleted }: HeldElement): void {
    if (isDeleted) this.deleted.add(id);
    else this.deleted.delete(id);
    this.textBytes += text.length - (this.texts.get(id)?.length ?? 0);
    this.texts.set(id, text);
    this.indexes.set(id, index);
    this.inOrder = undefined;
  }
}

function stampOf(element: SceneElement, text: string): Stamp {
  const { version, versionNonce, isDeleted } = element;
  return { version, versionNonce, isDeleted, digest: digestOf(text) };
}

/**
 * True when stamps alone decide the event by the scene rule: a drawing none of whose elements
 * ties with the held stamp on version, nonce and deletion (the rule would compare content).
 */
function decidable(stamps: ReadonlyMap<string, Stamp>, event: CanvasEvent): boolean {
  if (event.type === 'CanvasRestored') return false;
  if (event.type !== 'LineDrawn') return true;
  return event.data.elements.every((element) => {
    const stamp = stamps.get(element.id);
    return (
      stamp === undefined ||
      stamp.version !== element.version ||
      stamp.versionNonce !== element.versionNonce ||
      stamp.isDeleted !== element.isDeleted
    );
  });
}

/** The stamps of the elements a drawing names, shaped as the elements the scene rule reads. */
function stubsOf(
  stamps: ReadonlyMap<string, Stamp>,
  event: CanvasEvent,
): Record<string, SceneElement> {
  if (event.type !== 'LineDrawn') return {};
  const stubs: SceneElement[] = [];
  for (const { id } of event.data.elements) {
    const stamp = stamps.get(id);
    if (stamp === undefined) continue;
    const { version, versionNonce, isDeleted } = stamp;
    stubs.push({ id, version, versionNonce, isDeleted } as SceneElement);
  }
  return byId(stubs);
}

/** Elements by id, as own data properties whatever the id (`__proto__` included). */
function byId(elements: readonly SceneElement[]): Record<string, SceneElement> {
  return Object.fromEntries(elements.map((element) => [element.id, element]));
}
