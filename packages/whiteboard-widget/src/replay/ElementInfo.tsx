import type { ElementHistoryItem } from '@tabula/domain/protocol';
import type { ElementChange } from './attribution';
import { styles } from './replayStyles';
import { useLook } from './look';

/** "Who drew this": the element under the pointer (or picked), from the steps loaded. */
export interface ElementInfoProps {
  elementId: string;
  type: string;
  /** Its changes up to the revision shown, oldest first (the first is who drew it). */
  changes: readonly ElementChange[];
  /** Who drew it, when that is after the revision shown (it is being drawn, or comes later). */
  drawnLater?: ElementChange;
  /** Its whole story from the source, once asked for (a pinned element). */
  history?: readonly ElementHistoryItem[] | 'loading' | { error: string };
  pinned: boolean;
  onClose(): void;
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

const nameOf = (change: { actorName: string }) => change.actorName || 'Unknown user';

/** What to call an element of this Excalidraw type in a sentence. */
const TYPE_WORDS: Record<string, string> = { freedraw: 'drawing', magicframe: 'frame' };

/** 'an image', 'a rectangle', 'a drawing': the element's type with its article. */
export function describeType(type: string): string {
  const word = TYPE_WORDS[type] ?? type;
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ElementInfo(props: ElementInfoProps) {
  const first = props.changes[0];
  const last = props.changes[props.changes.length - 1];
  const { history } = props;
  const look = useLook();
  return (
    <section style={styles.info} aria-label="Who drew this" data-testid="replay-element-info">
      {first ? (
        <p style={{ margin: 0 }}>
          <strong data-testid="replay-drawn-by">Drawn by {nameOf(first)}</strong>
          <br />
          <span style={styles.muted}>
            {formatTime(first.occurredAt)} · revision {first.revision}
          </span>
          {last && last !== first && (
            <>
              <br />
              <span style={styles.muted}>
                Last changed by {nameOf(last)} at revision {last.revision}
              </span>
            </>
          )}
        </p>
      ) : props.drawnLater ? (
        <p style={{ margin: 0 }}>
          <strong data-testid="replay-drawn-by">Drawn by {nameOf(props.drawnLater)}</strong>
          <br />
          <span style={styles.muted}>
            {formatTime(props.drawnLater.occurredAt)} · revision {props.drawnLater.revision}
          </span>
        </p>
      ) : (
        <p style={{ margin: 0 }}>
          {capitalised(describeType(props.type))} from before the replay’s first entry.
        </p>
      )}
      {history === 'loading' && <p style={styles.muted}>Loading its history…</p>}
      {history && typeof history === 'object' && 'error' in history && (
        <p role="alert">{history.error}</p>
      )}
      {Array.isArray(history) && (
        <ol aria-label="Its changes" style={{ margin: '4px 0 0', paddingLeft: 18 }}>
          {history.map((item) => (
            <li key={item.revision}>
              Revision {item.revision}: {item.isDeleted ? 'deleted' : 'changed'} by {nameOf(item)}
            </li>
          ))}
        </ol>
      )}
      {props.pinned && (
        <button type="button" {...look('button', styles.button)} onClick={props.onClose}>
          Close
        </button>
      )}
    </section>
  );
}
