import type { ReactNode } from 'react';
import { AvatarGroup } from '../Avatar/AvatarGroup';
import type { GroupPerson } from '../Avatar/AvatarGroup';
import { ActionMenu } from '../ActionMenu/ActionMenu';
import type { ActionMenuItem } from '../ActionMenu/ActionMenu';
import { cx } from '../shared/cx';
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
  /** More actions (e.g. Share), placed first in the action area; shown on phones too. */
  extraActions?: ReactNode;
  /**
   * A phone-sized bar: the title wraps instead of being cut, and the canvas's actions other
   * than `extraActions` are in a "More actions" menu.
   */
  compact?: boolean;
  /** The canvas cannot be opened (not found, not allowed): no actions for it at all. */
  unavailable?: boolean;
}

/** The canvas's actions as items of the phone bar's "More actions" menu. */
function menuItems(props: CanvasHeaderProps): ActionMenuItem[] {
  const { live = false, onExport, exportSelection, exporting, exportDisabled } = props;
  const noExport = exporting || exportDisabled;
  const items: (ActionMenuItem | false | undefined)[] = [
    props.historyHref !== undefined && {
      key: 'history',
      label: 'History',
      icon: 'history',
      href: props.historyHref,
    },
    onExport && {
      key: 'png',
      label: 'Export as PNG',
      icon: 'download',
      disabled: noExport,
      onSelect: () => onExport('png'),
    },
    onExport && {
      key: 'svg',
      label: 'Export as SVG',
      icon: 'download',
      disabled: noExport,
      onSelect: () => onExport('svg'),
    },
    onExport &&
      exportSelection && {
        key: 'selection-png',
        label: 'Export selection as PNG',
        icon: 'download',
        disabled: noExport,
        onSelect: () => onExport('png', 'selection'),
      },
    onExport &&
      exportSelection && {
        key: 'selection-svg',
        label: 'Export selection as SVG',
        icon: 'download',
        disabled: noExport,
        onSelect: () => onExport('svg', 'selection'),
      },
    {
      key: 'online',
      label:
        props.onlineCount === undefined ? 'Online users' : `Online users (${props.onlineCount})`,
      icon: 'users',
      separated: true,
      onSelect: () => props.onShowOnlineUsers?.(),
    },
    { key: 'edit', label: 'Edit name', icon: 'edit', onSelect: () => props.onEdit?.() },
    {
      key: 'delete',
      label: live ? 'Leave canvas' : 'Delete canvas',
      icon: live ? 'leave' : 'trash',
      danger: true,
      onSelect: () => props.onDelete?.(),
    },
  ];
  return items.filter((item): item is ActionMenuItem => Boolean(item));
}

/** The bar above the whiteboard: sidebar toggle, title or name editor, and the canvas actions. */
export function CanvasHeader(props: CanvasHeaderProps) {
  const {
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
    compact = false,
    unavailable = false,
  } = props;
  const classes = cx(
    'tb-canvas-header',
    compact && 'tb-canvas-header--compact',
    editing && 'is-editing',
  );
  if (!signedIn) {
    return (
      <header className={classes}>
        <h1 className="tb-canvas-header__title">{SIGNED_OUT_TITLE}</h1>
      </header>
    );
  }
  const sidebarToggle = onToggleSidebar && (
    <button
      type="button"
      className="tb-icon-button"
      aria-label={sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
      aria-expanded={sidebarOpen}
      onClick={onToggleSidebar}
    >
      <Icon name="sidebar" />
    </button>
  );
  if (unavailable) {
    return (
      <header className={classes}>
        {sidebarToggle}
        <h1 className="tb-canvas-header__title" title={title}>
          {title}
        </h1>
      </header>
    );
  }
  return (
    <header className={classes}>
      {sidebarToggle}
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
      {people.length > 0 && !compact && (
        <div className="tb-canvas-header__people">
          <AvatarGroup people={people} label="People on this canvas" />
        </div>
      )}
      {compact ? (
        <div className="tb-canvas-header__actions">
          {extraActions}
          {!editing && (
            <ActionMenu label="More actions" items={menuItems(props)} renderLink={renderLink} />
          )}
        </div>
      ) : (
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
            <button
              type="button"
              className="tb-icon-button"
              aria-label="Edit name"
              onClick={onEdit}
            >
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
      )}
    </header>
  );
}
