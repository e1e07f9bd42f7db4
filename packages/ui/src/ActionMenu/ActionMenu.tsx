import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from '../shared/cx';
import { Icon } from '../shared/icons';
import type { IconName } from '../shared/icons';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';

/** One entry of an {@link ActionMenu}: a link (`href`) or an action (`onSelect`). */
export interface ActionMenuItem {
  /** Unique within the menu. */
  key: string;
  label: ReactNode;
  icon?: IconName;
  /** Where the item leads (rendered with `renderLink`). */
  href?: string;
  onSelect?: () => void;
  disabled?: boolean;
  /** A destructive action (Delete), shown in the danger colour. */
  danger?: boolean;
  /** A separator goes above this item. */
  separated?: boolean;
}

/** Props of {@link ActionMenu}. */
export interface ActionMenuProps {
  /** The menu button's accessible name, e.g. 'More actions'. */
  label: string;
  items: readonly ActionMenuItem[];
  /** Router-aware link renderer for items with `href` (default: plain anchors). */
  renderLink?: RenderLink;
}

const ITEM_SELECTOR = '[role="menuitem"]:not([aria-disabled="true"])';

/**
 * A "more" button (⋯) opening a menu of actions, for bars with no room for them all. Keyboard:
 * the menu opens with its first item focused; Arrow Up/Down move (wrapping), Home/End jump,
 * Escape closes with focus back on the button, Tab closes; a click elsewhere closes it too.
 */
export function ActionMenu({ label, items, renderLink = renderAnchor }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    root.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = [...(root.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key in moves && all.length > 0) {
      event.preventDefault();
      all[moves[event.key]!]?.focus();
    }
  };

  const itemBody = (item: ActionMenuItem) => (
    <>
      {item.icon && <Icon name={item.icon} />}
      <span>{item.label}</span>
    </>
  );
  const className = (item: ActionMenuItem) =>
    cx('tb-action-menu__item', item.danger && 'tb-action-menu__item--danger');

  return (
    <div className="tb-action-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="tb-icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((now) => !now)}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className="tb-action-menu__list"
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <div key={item.key} role="none" className="tb-action-menu__entry">
              {item.separated && <div role="separator" className="tb-action-menu__separator" />}
              {item.href !== undefined && !item.disabled ? (
                renderLink({
                  href: item.href,
                  role: 'menuitem',
                  className: className(item),
                  onClick: () => close(false),
                  children: itemBody(item),
                })
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  className={className(item)}
                  aria-disabled={item.disabled || undefined}
                  onClick={() => {
                    if (item.disabled) return;
                    close(true);
                    item.onSelect?.();
                  }}
                >
                  {itemBody(item)}
                </button>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
