import { createHash } from 'node:crypto';

import {
  ANY,
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type {
  AllStreamResolvedEvent,
  AppendStreamState,
  CurrentStreamState,
  JSONEventType,
  JSONType,
  Position,
  ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { Observable } from 'rxjs';

import { assertValidAppend, inPage, streamPage } from './appendRules';
import { WrongExpectedVersionError, recordedEvent } from './eventStore';
import type {
  ActualRevision,
  AppendOptions,
  AppendResult,
  EraseAudit,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StorableEvent,
  SubscribeToAllOptions,
} from './eventStore';

export interface KurrentDbEventStoreOptions {
  /** e.g. `kurrentdb://admin:changeit@localhost:2113?tls=false` (reading $all needs a user). */
  connectionString: string;
}

/**
 * An `EventStore` over KurrentDB (EventStoreDB's successor) with the official gRPC client.
 *
 * - Revisions are KurrentDB's stream revisions; positions are `$all` commit positions. Both
 *   are bigints in the client and are converted to numbers (exact below 2^53 bytes of log).
 *   A checkpoint `p` is resumed as `{ commit: p, prepare: p }`, which assumes what KurrentDB
 *   does for gRPC appends (implicit transactions): each event of a batch gets its own log
 *   position, with commit = prepare (kurrent-io/KurrentDB#2522).
 * - Stream reads come from the index, which may not know commit positions (older servers
 *   answer 2^64 - 1): `readStream` then reports `position: -1`, as does `append` for a resend
 *   the server answers without a position. `readAll` and `subscribeToAll` always have them.
 * - Idempotency is KurrentDB's own: each event is written with a UUID derived from its
 *   eventId (the eventId itself when it already is a UUID), so a resent batch is not stored
 *   twice. When the server answers a resend without a position, it is read back.
 * - System events (types starting with `$`) and `$` streams never leave this adapter.
 * - `readStream` pages with the client's own `direction`, `fromRevision` (START / END by
 *   default) and `maxCount`; `toRevision`, which the client has no option for, ends the
 *   iteration (and so the gRPC read) at the first revision past it.
 * - `erase` soft-deletes the stream (`deleteStream`): it reads as not found (`[]`), and an
 *   append recreates it, its revisions continuing where they left off. The events leave `$all`
 *   and the disk only at the next scavenge, which the operator runs; until then `readAll` and
 *   subscriptions may still deliver them. KurrentDB has no place here for the audit record:
 *   the caller keeps who erased what in its own events.
 */
export function openKurrentDbEventStore<E extends StorableEvent = StorableEvent>(
  options: KurrentDbEventStoreOptions,
): EventStore<E> {
  const client = KurrentDBClient.connectionString(options.connectionString);

  async function append(stream: string, events: readonly E[], { expectedRevision }: AppendOptions) {
    assertValidAppend(stream, events, expectedRevision);
    const data = events.map((event) =>
      jsonEvent<JSONEventType>({
        id: toKurrentEventId(event.metadata.eventId),
        type: event.type,
        data: event.data as JSONType,
        metadata: event.metadata as unknown as JSONType,
      }),
    );
    try {
      const result = await client.appendToStream(stream, data, {
        streamState: toStreamState(expectedRevision),
      });
      const nextRevision = Number(result.nextExpectedRevision);
      const position = result.position
        ? Number(result.position.commit)
        : await positionOf(stream, nextRevision);
      return { nextRevision, position } satisfies AppendResult;
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(stream, expectedRevision, toActual(error.actualState));
      }
      throw error;
    }
  }

  async function positionOf(stream: string, revision: number): Promise<number> {
    for await (const resolved of client.readStream(stream, {
      fromRevision: BigInt(revision),
      maxCount: 1,
    })) {
      return toNumberPosition(resolved.event?.position?.commit ?? resolved.commitPosition);
    }
    return UNKNOWN_POSITION;
  }

  async function readStream(stream: string, options: ReadStreamOptions = {}) {
    const page = streamPage(stream, options);
    const out: RecordedEvent<E>[] = [];
    if (page.maxCount === 0) return out;
    const backwards = page.direction === 'backwards';
    try {
      for await (const resolved of client.readStream(stream, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision:
          options.fromRevision === undefined
            ? backwards
              ? END
              : START
            : BigInt(options.fromRevision),
        ...(page.maxCount > 0 ? { maxCount: page.maxCount } : {}),
      })) {
        const recorded = toRecorded<E>(resolved);
        if (!recorded) continue;
        if (!inPage(page, recorded.revision)) break; // past `toRevision`: stop reading
        out.push(recorded);
        if (page.maxCount > 0 && out.length >= page.maxCount) break;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async function erase(stream: string, _audit?: EraseAudit): Promise<void> {
    try {
      await client.deleteStream(stream, { expectedRevision: ANY });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return; // nothing to erase
      throw error;
    }
  }

  async function readAll({
    fromPosition = 0,
    maxCount = Number.MAX_SAFE_INTEGER,
  }: ReadAllOptions = {}) {
    const out: RecordedEvent<E>[] = [];
    if (maxCount <= 0) return out;
    // KurrentDB reads $all from a position inclusively; the port reads after it.
    const reading = client.readAll({
      fromPosition: fromPosition > 0 ? toKurrentPosition(fromPosition) : START,
      maxCount: maxCount === Number.MAX_SAFE_INTEGER ? undefined : maxCount + 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of reading) {
      const recorded = toRecorded<E>(resolved);
      if (!recorded || recorded.position <= fromPosition) continue;
      out.push(recorded);
      if (out.length >= maxCount) break;
    }
    return out;
  }

  async function headPosition(): Promise<number> {
    const reading = client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of reading) return toRecorded<E>(resolved)?.position ?? 0;
    return 0;
  }

  function subscribeToAll({ fromPosition = 0 }: SubscribeToAllOptions = {}): Observable<
    RecordedEvent<E>
  > {
    return new Observable<RecordedEvent<E>>((subscriber) => {
      // subscribeToAll from a position is exclusive, as in the port.
      const subscription = client.subscribeToAll({
        fromPosition: fromPosition > 0 ? toKurrentPosition(fromPosition) : START,
        filter: excludeSystemEvents(),
      });
      let last = fromPosition;
      subscription.on('data', (resolved: AllStreamResolvedEvent) => {
        const recorded = toRecorded<E>(resolved);
        if (!recorded || recorded.position <= last) return;
        last = recorded.position;
        subscriber.next(recorded);
      });
      subscription.on('error', (error: Error) => subscriber.error(error));
      subscription.on('end', () => subscriber.complete());
      return () => {
        subscription.unsubscribe().catch(() => undefined);
      };
    });
  }

  return {
    append,
    readStream,
    readAll,
    headPosition,
    subscribeToAll,
    erase,
    close: () => client.dispose(),
  };
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function toActual(actual: CurrentStreamState): ActualRevision {
  return actual === NO_STREAM ? 'no_stream' : Number(actual);
}

const UNKNOWN_POSITION = -1;
const NO_POSITION = 2n ** 63n; // the index answers 2^64 - 1 where it has no commit position

function toNumberPosition(position: bigint | undefined): number {
  return position === undefined || position >= NO_POSITION ? UNKNOWN_POSITION : Number(position);
}

function toKurrentPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

/** Maps a stored record back to the port's shape; `undefined` for system and foreign events. */
function toRecorded<E extends StorableEvent>(
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): RecordedEvent<E> | undefined {
  const recorded = resolved.event;
  if (
    !recorded ||
    !recorded.isJson ||
    recorded.type.startsWith('$') ||
    recorded.streamId.startsWith('$')
  )
    return undefined;
  const position = toNumberPosition(recorded.position?.commit ?? resolved.commitPosition);
  const event = {
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata,
  } as unknown as E;
  const { streamId, revision, created } = recorded;
  return recordedEvent(streamId, Number(revision), position, event, created.toISOString());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** KurrentDB event ids are UUIDs: keep a UUID eventId, derive a stable name-based one otherwise. */
export function toKurrentEventId(eventId: string): string {
  if (UUID.test(eventId)) return eventId.toLowerCase();
  const hex = createHash('sha1').update(`tabula-event:${eventId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
