import type { ReactNode } from 'react';
import { AvatarGroup } from '../Avatar/AvatarGroup';
import type { GroupPerson } from '../Avatar/AvatarGroup';
import { ExportMenu } from '../ExportMenu/ExportMenu';
import type { ExportFormat, ExportScope } from '../ExportMenu/ExportMenu';
import { InlineNameEditor } from '../shared/InlineNameEditor';
import { Icon } from '../shared/icons';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';

/** The title a signed-out visitor sees instead of the canvas name. */
export const SIGNED_OUT_TITLE = "Your work won't be saved.";

/** Props of {@link CanvasHeader}. */
export interface CanvasHeaderProps {
  /** Signed-out visitors get {@link SIGNED_OUT_TITLE} and no actions. */
  signedIn: boolean;
  /** The canvas name. */
  title: string;
  /** A live canvas offers Leave where a personal one offers Delete. */
  live?: boolean;
  /** Edit mode: the name input (focused, prefilled) with Save and Cancel. */
  editing?: boolean;
  /** While true the name editor is disabled (saving). */
  saving?: boolean;
  sidebarOpen?: boolean;
  onToggleSidebar?: () => void;
  onEdit?: () => void;
  onSave?: (name: string) => void;
  onCancel?: () => void;
  /** Delete (personal) or Leave (live). */
  onDelete?: () => void;
  onShowOnlineUsers?: () => void;
  /** Shown as a badge on the online-users button. */
  onlineCount?: number;
  /** Where the History link leads (the canvas's history screen); no link without it. */
  historyHref?: string;
  /** Router-aware link renderer for the History link (default: plain anchors). */
  renderLink?: RenderLink;
  /** Saves the board as an image; the Export menu shows only with it. */
  onExport?: (format: ExportFormat, scope?: ExportScope) => void;
  /** Something is selected on the board: the Export menu also offers the selection alone. */
  exportSelection?: boolean;
  /** An export is being made. */
  exporting?: boolean;
  /** Nothing to export yet (the board is still opening). */
  exportDisabled?: boolean;
  /**
   * The other people of the canvas, with their names, a dot on those here now (first ones
   * first; the header shows three and '+n more'). Hidden on narrow screens.
   */
  people?: readonly GroupPerson[];
  /** More actions (e.g. Share), placed first in the action area. */
  extraActions?: ReactNode;
}

/** The bar above the whiteboard: sidebar toggle, title or name editor, and the canvas actions. */
export function CanvasHeader({
  signedIn,
  title,
  live = false,
  editing = false,
  saving = false,
  sidebarOpen = false,
  onToggleSidebar,
  onEdit,
  onSave,
  onCancel,
  onDelete,
  onShowOnlineUsers,
  onlineCount,
  historyHref,
  renderLink = renderAnchor,
  onExport,
  exporting = false,
  exportDisabled = false,
  exportSelection = false,
  people = [],
  extraActions,
}: CanvasHeaderProps) {
  if (!signedIn) {
    return (
      <header className="tb-canvas-header">
        <h1 className="tb-canvas-header__title">{SIGNED_OUT_TITLE}</h1>
      </header>
    );
  }
  return (
    <header className={editing ? 'tb-canvas-header is-editing' : 'tb-canvas-header'}>
      {onToggleSidebar && (
        <button
          type="button"
          className="tb-icon-button"
          aria-label={sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
        >
          <Icon name="sidebar" />
        </button>
      )}
      {editing ? (
        <InlineNameEditor
          initialName={title}
          label="Canvas name"
          busy={saving}
          onSave={(name) => onSave?.(name)}
          onCancel={() => onCancel?.()}
        />
      ) : (
        <h1 className="tb-canvas-header__title" title={title}>
          {title}
        </h1>
      )}
      {people.length > 0 && (
        <div className="tb-canvas-header__people">
          <AvatarGroup people={people} label="People on this canvas" />
        </div>
      )}
      <div className="tb-canvas-header__actions">
        {extraActions}
        {historyHref !== undefined &&
          renderLink({
            href: historyHref,
            className: 'tb-button tb-button--secondary tb-button--small',
            children: (
              <>
                <Icon name="history" />
                History
              </>
            ),
          })}
        {onExport && (
          <ExportMenu
            onExport={onExport}
            busy={exporting}
            disabled={exportDisabled}
            selection={exportSelection}
          />
        )}
        {!editing && (
          <button type="button" className="tb-icon-button" aria-label="Edit name" onClick={onEdit}>
            <Icon name="edit" />
          </button>
        )}
        <button
          type="button"
          className="tb-icon-button tb-icon-button--danger"
          aria-label={live ? 'Leave canvas' : 'Delete canvas'}
          onClick={onDelete}
        >
          <Icon name={live ? 'leave' : 'trash'} />
        </button>
        <button
          type="button"
          className="tb-button tb-button--secondary tb-button--small"
          onClick={onShowOnlineUsers}
        >
          <Icon name="users" />
          Online users
          {onlineCount !== undefined && (
            <span className="tb-badge" aria-label={`${onlineCount} online`}>
              {onlineCount}
            </span>
          )}
        </button>
      </div>
    </header>
  );
}
