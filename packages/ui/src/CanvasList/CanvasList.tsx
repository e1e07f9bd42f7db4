import { formatTimestamp } from '../shared/canvasItems';
import { Icon } from '../shared/icons';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';
import { Loader, Spinner } from '../Spinner/Spinner';

/** One card of a canvas list page. */
export interface CanvasListItem {
  id: string;
  name: string;
  /** Shown as the card's date when given (ISO string or epoch ms). */
  timestamp?: string | number;
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
}

const HEADINGS = { personal: 'All Canvases', live: 'All Live Canvases' } as const;
const EMPTY = {
  personal: 'You have no canvases yet. Create one to start drawing.',
  live: 'No live canvases yet. When someone invites you to collaborate, the canvas shows up here.',
} as const;

/** The /canvases and /livecanvases pages: a heading, then cards, a loader or an empty state. */
export function CanvasList({
  kind,
  items,
  loading = false,
  onNew,
  creating = false,
  hrefFor = (id) => (kind === 'live' ? `/livecanvas/${id}` : `/canvas/${id}`),
  renderLink = renderAnchor,
}: CanvasListProps) {
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
                    <span className="tb-canvas-card__thumb" aria-hidden="true" data-kind={kind} />
                    <span className="tb-canvas-card__name">{item.name}</span>
                    {item.timestamp !== undefined && (
                      <span className="tb-canvas-card__meta">
                        {formatTimestamp(item.timestamp)}
                      </span>
                    )}
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
