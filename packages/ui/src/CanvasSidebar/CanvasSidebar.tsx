import { useState } from 'react';
import { formatTimestamp, sortNewestFirst } from '../shared/canvasItems';
import type { CanvasItem } from '../shared/canvasItems';
import { cx } from '../shared/cx';
import { Icon } from '../shared/icons';
import { InlineNameEditor } from '../shared/InlineNameEditor';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';
import { Spinner } from '../Spinner/Spinner';

/** Props of {@link CanvasSidebar}. */
export interface CanvasSidebarProps {
  /** The user's canvases, in any order: the sidebar shows them newest first. */
  canvases: readonly CanvasItem[];
  /** The open canvas, highlighted. */
  activeId?: string;
  onNew: () => void;
  /** While true (creating), New canvas shows a loader. */
  creating?: boolean;
  onRename: (id: string, name: string) => void;
  /** Asks to delete (the container opens the Delete Canvas popup). */
  onDelete: (id: string) => void;
  /** Link of a canvas (default `/canvas/:id`). */
  hrefFor?: (id: string) => string;
  /** Router-aware link renderer (default: plain anchors). */
  renderLink?: RenderLink;
}

/** The personal-canvas side panel: New canvas, then the list with open, inline rename and delete. */
export function CanvasSidebar({
  canvases,
  activeId,
  onNew,
  creating = false,
  onRename,
  onDelete,
  hrefFor = (id) => `/canvas/${id}`,
  renderLink = renderAnchor,
}: CanvasSidebarProps) {
  const [renamingId, setRenamingId] = useState<string | null>(null);

  return (
    <aside className="tb-sidebar" aria-label="Your canvases">
      <div className="tb-sidebar__header">
        <h2 className="tb-sidebar__title">Your canvases</h2>
        <button
          type="button"
          className="tb-button tb-button--primary tb-button--small"
          disabled={creating}
          onClick={onNew}
        >
          {creating ? <Spinner size={14} label="Creating" /> : <Icon name="plus" />}
          New canvas
        </button>
      </div>
      {canvases.length === 0 ? (
        <p className="tb-empty">No canvases yet. Create your first one.</p>
      ) : (
        <ul className="tb-sidebar__list">
          {sortNewestFirst(canvases).map((canvas) => (
            <li
              key={canvas.id}
              className={cx('tb-sidebar__item', canvas.id === activeId && 'is-active')}
            >
              {renamingId === canvas.id ? (
                <InlineNameEditor
                  initialName={canvas.name}
                  label={`New name for ${canvas.name}`}
                  onSave={(name) => {
                    setRenamingId(null);
                    onRename(canvas.id, name);
                  }}
                  onCancel={() => setRenamingId(null)}
                />
              ) : (
                <>
                  {renderLink({
                    href: hrefFor(canvas.id),
                    className: 'tb-sidebar__link',
                    'aria-current': canvas.id === activeId ? 'page' : undefined,
                    children: (
                      <>
                        <span className="tb-sidebar__name">{canvas.name}</span>
                        <span className="tb-sidebar__meta">
                          {formatTimestamp(canvas.timestamp)}
                        </span>
                      </>
                    ),
                  })}
                  <span className="tb-sidebar__item-actions">
                    <button
                      type="button"
                      className="tb-icon-button tb-icon-button--small"
                      aria-label={`Rename ${canvas.name}`}
                      onClick={() => setRenamingId(canvas.id)}
                    >
                      <Icon name="edit" />
                    </button>
                    <button
                      type="button"
                      className="tb-icon-button tb-icon-button--small tb-icon-button--danger"
                      aria-label={`Delete ${canvas.name}`}
                      onClick={() => onDelete(canvas.id)}
                    >
                      <Icon name="trash" />
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
