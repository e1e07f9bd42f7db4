import { useId } from 'react';
import { AvatarGroup } from '../Avatar/AvatarGroup';
import type { GroupPerson } from '../Avatar/AvatarGroup';
import type { LiveCanvasItem } from '../shared/canvasItems';
import { cx } from '../shared/cx';
import { Icon } from '../shared/icons';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';

/** Props of {@link LiveSidebar}. */
export interface LiveSidebarProps {
  canvases: readonly LiveCanvasItem[];
  /** The open canvas, highlighted. */
  activeId?: string;
  onLeave: (canvasId: string) => void;
  /** Link of a live canvas (default `/livecanvas/:id`). */
  hrefFor?: (canvasId: string) => string;
  /** Router-aware link renderer (default: plain anchors). */
  renderLink?: RenderLink;
  /** The other people of the open canvas (a dot on those here now); no section without any. */
  people?: readonly GroupPerson[];
}

/**
 * The live-canvas side panel: the people of the open canvas, then the canvases shared with the
 * user, each with Leave.
 */
export function LiveSidebar({
  canvases,
  activeId,
  onLeave,
  hrefFor = (id) => `/livecanvas/${id}`,
  renderLink = renderAnchor,
  people = [],
}: LiveSidebarProps) {
  const peopleTitle = useId();
  return (
    <aside className="tb-sidebar" aria-label="Live canvases">
      {people.length > 0 && (
        <section className="tb-sidebar__people" aria-labelledby={peopleTitle}>
          <div className="tb-sidebar__header">
            <h2 className="tb-sidebar__title" id={peopleTitle}>
              On this canvas
            </h2>
          </div>
          <AvatarGroup people={people} label="People on this canvas" layout="list" />
        </section>
      )}
      <div className="tb-sidebar__header">
        <h2 className="tb-sidebar__title">Live canvases</h2>
      </div>
      {canvases.length === 0 ? (
        <p className="tb-empty">No live canvases yet. Accept an invitation and it shows up here.</p>
      ) : (
        <ul className="tb-sidebar__list">
          {canvases.map((canvas) => (
            <li
              key={canvas.canvasId}
              className={cx('tb-sidebar__item', canvas.canvasId === activeId && 'is-active')}
            >
              {renderLink({
                href: hrefFor(canvas.canvasId),
                className: 'tb-sidebar__link',
                'aria-current': canvas.canvasId === activeId ? 'page' : undefined,
                children: <span className="tb-sidebar__name">{canvas.canvasName}</span>,
              })}
              <span className="tb-sidebar__item-actions">
                <button
                  type="button"
                  className="tb-icon-button tb-icon-button--small tb-icon-button--danger"
                  aria-label={`Leave ${canvas.canvasName}`}
                  onClick={() => onLeave(canvas.canvasId)}
                >
                  <Icon name="leave" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
