import { useEffect, useState } from 'react';
import { formatTimestamp } from '../shared/canvasItems';
import { Icon } from '../shared/icons';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';
import { Loader, Spinner } from '../Spinner/Spinner';
import { editedAgo } from './editedAgo';

/** One card of a canvas list page. */
export interface CanvasListItem {
  id: string;
  name: string;
  /** Shown as the card's date when given (ISO string or epoch ms). */
  timestamp?: string | number;
  /** When the drawing last changed: shown as "edited … ago" beside the date. */
  editedAt?: string | number;
  /** A picture of the drawing (an image URL); without one the card shows a plain backdrop. */
  thumbnail?: string;
}

/** Props of {@link CanvasList}. */
export interface CanvasListProps {
  /** 'personal' is the 'All Canvases' page, 'live' the 'All Live Canvases' page. */
  kind: 'personal' | 'live';
  /** Items in display order (sort personal canvases with `sortNewestFirst`). */
  items: readonly CanvasListItem[];
  /** While true a loader replaces the list. */
  loading?: boolean;
  /** Personal page only: the New canvas button. */
  onNew?: () => void;
  creating?: boolean;
  /** Link of an item (default `/canvas/:id` or `/livecanvas/:id`). */
  hrefFor?: (id: string) => string;
  /** Router-aware link renderer (default: plain anchors). */
  renderLink?: RenderLink;
  /** The time "edited … ago" counts from (default: the clock, read every minute). */
  now?: number;
}

const HEADINGS = { personal: 'All Canvases', live: 'All Live Canvases' } as const;
const EMPTY = {
  personal: 'You have no canvases yet. Create one to start drawing.',
  live: 'No live canvases yet. When someone invites you to collaborate, the canvas shows up here.',
} as const;

/** The clock, read again every minute while shown. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** True when both name the same instant (a canvas never drawn on was "edited" at creation). */
function sameInstant(a: string | number, b: string | number | undefined): boolean {
  return b !== undefined && new Date(a).getTime() === new Date(b).getTime();
}

/** The card's date and "edited … ago", each when known (no "edited" before the first edit). */
function CardMeta({ item, now }: { item: CanvasListItem; now: number }) {
  const { editedAt, timestamp } = item;
  const edited =
    editedAt === undefined || sameInstant(editedAt, timestamp) ? '' : editedAgo(editedAt, now);
  if (timestamp === undefined && !edited) return null;
  return (
    <span className="tb-canvas-card__meta">
      {timestamp !== undefined && <span>{formatTimestamp(timestamp)}</span>}
      {edited && (
        <span className="tb-canvas-card__edited" title={formatTimestamp(editedAt!)}>
          {edited}
        </span>
      )}
    </span>
  );
}

/** The /canvases and /livecanvases pages: a heading, then cards, a loader or an empty state. */
export function CanvasList({
  kind,
  items,
  loading = false,
  onNew,
  creating = false,
  hrefFor = (id) => (kind === 'live' ? `/livecanvas/${id}` : `/canvas/${id}`),
  renderLink = renderAnchor,
  now,
}: CanvasListProps) {
  const clock = useMinuteClock();
  return (
    <section className="tb-canvas-list" aria-labelledby={`tb-canvas-list-${kind}`}>
      <div className="tb-canvas-list__header">
        <h1 id={`tb-canvas-list-${kind}`} className="tb-page-title">
          {HEADINGS[kind]}
        </h1>
        {kind === 'personal' && onNew && (
          <button
            type="button"
            className="tb-button tb-button--primary"
            disabled={creating}
            onClick={onNew}
          >
            {creating ? <Spinner size={14} label="Creating" /> : <Icon name="plus" />}
            New canvas
          </button>
        )}
      </div>
      {loading ? (
        <Loader label="Loading canvases…" />
      ) : items.length === 0 ? (
        <p className="tb-empty tb-empty--card">{EMPTY[kind]}</p>
      ) : (
        <ul className="tb-canvas-list__grid">
          {items.map((item) => (
            <li key={item.id}>
              {renderLink({
                href: hrefFor(item.id),
                className: 'tb-canvas-card',
                children: (
                  <>
                    <span className="tb-canvas-card__thumb" aria-hidden="true" data-kind={kind}>
                      {item.thumbnail && (
                        <img className="tb-canvas-card__picture" src={item.thumbnail} alt="" />
                      )}
                    </span>
                    <span className="tb-canvas-card__name">{item.name}</span>
                    <CardMeta item={item} now={now ?? clock} />
                  </>
                ),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
