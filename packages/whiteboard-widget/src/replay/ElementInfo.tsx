import type { ElementHistoryItem } from '@tabula/domain/protocol';
import type { ElementChange } from './attribution';
import { styles } from './replayStyles';

/** "Who drew this": the element under the pointer (or picked), from the steps loaded. */
export interface ElementInfoProps {
  elementId: string;
  type: string;
  /** Its changes up to the revision shown, oldest first (the first is who drew it). */
  changes: readonly ElementChange[];
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

export function ElementInfo(props: ElementInfoProps) {
  const first = props.changes[0];
  const last = props.changes[props.changes.length - 1];
  const { history } = props;
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
      ) : (
        <p style={{ margin: 0 }}>A {props.type} from before the replay’s first entry.</p>
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
        <button type="button" style={styles.button} onClick={props.onClose}>
          Close
        </button>
      )}
    </section>
  );
}
