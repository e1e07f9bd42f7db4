/**
 * A scene kept as each element's JSON text rather than as objects: a freedraw stroke's text
 * is about a quarter of its object graph (every point an array), and the text is the one the
 * commit already made for the log and the room (`shareJson`), so holding it costs no copy.
 * Folding an event parses only the elements it names (a restore: all of them); `elements()`
 * parses the whole scene when someone asks for it. Same fold as the domain's scene rule.
 * Each fold answers what it read of the scene before it (`FoldedEvent`), which is all a
 * history entry of the event needs: the live feed reads it instead of keeping a scene itself.
 */
import { winningUpserts } from '@tabula/domain';
import type { CanvasEvent, SceneElement } from '@tabula/domain';
import { jsonOf, parseShared } from '../../../infrastructure/sharedJson';

/** Bytes counted per element besides its text: the map entry and the id's string. */
export const ELEMENT_OVERHEAD_BYTES = 96;

/** One event as a scene folded it, with what the scene held before it (see `apply`). */
export interface FoldedEvent {
  /** The event as folded: a drawing without the elements it sent again unchanged. */
  event: CanvasEvent;
  /** What the scene held of the elements the event names, before it (a restore: all). */
  before: Record<string, SceneElement>;
  /** Live (not deleted) elements of the whole scene before it. */
  liveBefore: number;
}

export class CompactScene {
  /** Element JSON by id, in the order the ids first came. */
  private readonly texts = new Map<string, string>();
  /** Ids of the deleted elements held (tombstones), to count the live ones. */
  private readonly deleted = new Set<string>();
  private textBytes = 0;

  static of(elements: Iterable<SceneElement>): CompactScene {
    const scene = new CompactScene();
    for (const element of elements) scene.put(element);
    return scene;
  }

  /** Elements held, tombstones included. */
  get size(): number {
    return this.texts.size;
  }

  /** About what the scene takes in memory (V8 keeps ASCII text at a byte a character). */
  get bytes(): number {
    return this.textBytes + this.texts.size * ELEMENT_OVERHEAD_BYTES;
  }

  /** Live (not deleted) elements held. */
  get live(): number {
    return this.texts.size - this.deleted.size;
  }

  /** Folds a drawing or a restore in (other events leave the scene as it is). */
  apply(event: CanvasEvent): FoldedEvent {
    const changes = this.withoutHeldCopies(event);
    const folded = { event: changes, before: this.known(changes), liveBefore: this.live };
    if (changes.type === 'LineDrawn' || changes.type === 'CanvasRestored') {
      for (const winner of winningUpserts(folded.before, changes)) this.put(winner);
    }
    return folded;
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
      (element) => named.get(element.id)! > 1 || this.texts.get(element.id) !== jsonOf(element),
    );
    if (elements.length === event.data.elements.length) return event;
    return { ...event, data: { ...event.data, elements } };
  }

  /**
   * A fresh record of what the scene holds of the elements `event` names (every element for
   * a restore): all that the scene rule, or a history entry's summary, reads of the scene.
   */
  private known(event: CanvasEvent): Record<string, SceneElement> {
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
    return parseShared([...this.texts.values()]) as SceneElement[];
  }

  /** The scene as a JSON array, as a stored snapshot's body holds it. */
  json(): string {
    return `[${[...this.texts.values()].join(',')}]`;
  }

  private put(element: SceneElement): void {
    const text = jsonOf(element);
    this.textBytes += text.length - (this.texts.get(element.id)?.length ?? 0);
    this.texts.set(element.id, text);
    if (element.isDeleted) this.deleted.add(element.id);
    else this.deleted.delete(element.id);
  }
}

/** Elements by id, as own data properties whatever the id (`__proto__` included). */
function byId(elements: readonly SceneElement[]): Record<string, SceneElement> {
  return Object.fromEntries(elements.map((element) => [element.id, element]));
}
