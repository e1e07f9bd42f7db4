import type { UIEvent } from 'react';
import { Avatar } from '../Avatar/Avatar';
import { Icon } from '../shared/icons';
import { Spinner } from '../Spinner/Spinner';

/** One thing that happened to the canvas: one revision. */
export interface ActivityItem {
  revision: number;
  /** What the author did, in words: 'drew 2 shapes', 'cleared the canvas'. */
  text: string;
  /** ISO-8601 instant (the `<time>` element's machine-readable value). */
  occurredAt: string;
  /** The time as the user reads it, e.g. '10:15'. */
  time: string;
  /** Names given to this revision ('Before the review'). */
  labels?: string[];
  /** A one-click action on this row, e.g. 'Undo the clear' on a cleared canvas. */
  action?: { label: string; onClick: () => void; disabled?: boolean };
}

/** Consecutive items of one author with no long pause between them, newest first. */
export interface ActivitySession {
  /** Stable key (e.g. the newest item's revision). */
  id: string;
  author: string;
  /** When, as the user reads it: '23 Nov 2026, 10:02 – 10:15'. */
  when: string;
  items: ActivityItem[];
}

/** Props of {@link ActivityList}. */
export interface ActivityListProps {
  /** Newest first. */
  sessions: ActivitySession[];
  /** The revision the player shows; its row is marked as current. */
  selectedRevision?: number | null;
  /** A row was chosen: show the canvas as it was at `revision`. */
  onSelect: (revision: number) => void;
  /** The first page is on its way. */
  loading?: boolean;
  /** The first page failed: the message, with a Try again button. */
  error?: string | null;
  onRetry?: () => void;
  /** There are older entries to load. */
  hasOlder?: boolean;
  loadingOlder?: boolean;
  /** Loading older entries failed (they can be asked for again). */
  olderError?: string | null;
  /** Asks for the next older page: from the Load older button or on scrolling to the end. */
  onLoadOlder?: () => void;
}

/** How close to the end of the list (px) scrolling asks for older entries. */
const NEAR_END_PX = 120;

/**
 * The canvas's activity beside the replay: sessions of one author each, newest first, with a
 * row per revision that moves the player there. Older entries come by scrolling to the end or
 * with Load older.
 */
export function ActivityList({
  sessions,
  selectedRevision = null,
  onSelect,
  loading = false,
  error = null,
  onRetry,
  hasOlder = false,
  loadingOlder = false,
  olderError = null,
  onLoadOlder,
}: ActivityListProps) {
  const canLoadOlder = hasOlder && !loadingOlder && onLoadOlder !== undefined;
  function onScroll(event: UIEvent<HTMLElement>) {
    const list = event.currentTarget;
    const nearEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - NEAR_END_PX;
    if (nearEnd && canLoadOlder && !olderError) onLoadOlder();
  }

  let body;
  if (loading) {
    body = <Spinner label="Loading the activity" />;
  } else if (error) {
    body = (
      <div className="tb-activity__problem" role="alert">
        <p>{error}</p>
        {onRetry && (
          <button type="button" className="tb-button tb-button--secondary" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    );
  } else if (sessions.length === 0) {
    body = <p className="tb-empty">Nothing has happened on this canvas yet.</p>;
  } else {
    body = (
      <ol className="tb-activity__sessions">
        {sessions.map((session) => (
          <SessionGroup
            key={session.id}
            session={session}
            selectedRevision={selectedRevision}
            onSelect={onSelect}
          />
        ))}
      </ol>
    );
  }

  return (
    <section className="tb-activity" aria-labelledby="tb-activity-title" onScroll={onScroll}>
      <h2 id="tb-activity-title" className="tb-activity__title">
        Activity
      </h2>
      {body}
      {!loading && !error && (hasOlder || loadingOlder || olderError) && (
        <div className="tb-activity__more">
          {olderError && (
            <p className="tb-field__error" role="alert">
              {olderError}
            </p>
          )}
          <button
            type="button"
            className="tb-button tb-button--ghost tb-button--small"
            disabled={!canLoadOlder}
            onClick={onLoadOlder}
          >
            {loadingOlder && <Spinner size={14} label="Loading" />}
            Load older
          </button>
        </div>
      )}
    </section>
  );
}

function SessionGroup({
  session,
  selectedRevision,
  onSelect,
}: {
  session: ActivitySession;
  selectedRevision: number | null;
  onSelect: (revision: number) => void;
}) {
  const author = session.author || 'A deleted account';
  return (
    <li className="tb-activity__session" aria-label={`${author}, ${session.when}`}>
      <div className="tb-activity__who">
        <Avatar name={author} size={28} />
        <span className="tb-activity__author">{author}</span>
        <span className="tb-activity__when">{session.when}</span>
      </div>
      <ol className="tb-activity__items">
        {session.items.map((item) => (
          <li key={item.revision} className="tb-activity__row">
            <button
              type="button"
              className="tb-activity__item"
              aria-current={item.revision === selectedRevision ? 'true' : undefined}
              onClick={() => onSelect(item.revision)}
            >
              <span className="tb-activity__text">{item.text}</span>
              <time className="tb-activity__time" dateTime={item.occurredAt}>
                {item.time}
              </time>
              {item.labels?.map((label) => (
                <span key={label} className="tb-activity__label">
                  <Icon name="bookmark" />
                  {label}
                </span>
              ))}
            </button>
            {item.action && (
              <button
                type="button"
                className="tb-button tb-button--secondary tb-button--small tb-activity__action"
                disabled={item.action.disabled}
                onClick={item.action.onClick}
              >
                {item.action.label}
              </button>
            )}
          </li>
        ))}
      </ol>
    </li>
  );
}
