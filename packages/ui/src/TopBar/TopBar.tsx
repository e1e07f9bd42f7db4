import { useEffect, useId, useState } from 'react';
import { Avatar } from '../Avatar/Avatar';
import { cx } from '../shared/cx';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';

/** One navigation entry of the top bar. */
export interface NavLink {
  label: string;
  href: string;
}

/** The signed-in user as the top bar shows it. */
export interface TopBarUser {
  username: string;
  profilePhoto?: string | null;
}

/** Props of {@link TopBar}. */
export interface TopBarProps {
  /** The signed-in user, or null for a visitor (who gets a Sign-in link). */
  user: TopBarUser | null;
  /** Called by the Sign-out button; the container navigates to /signin. */
  onSignOut: () => void;
  /** The current pathname, to mark the active link. */
  currentPath?: string;
  /** Product name at the left, linking home (default 'Tabula'). */
  productName?: string;
  /** Navigation links (default Home, Canvases, Live canvases). */
  links?: readonly NavLink[];
  /** Router-aware link renderer (default: plain anchors). */
  renderLink?: RenderLink;
  /** Whether the small-screen menu starts open (default false). */
  defaultMenuOpen?: boolean;
}

/** The spec's top-bar links: Home (/), Canvases (/canvases), Live canvases (/livecanvases). */
export const DEFAULT_NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'Canvases', href: '/canvases' },
  { label: 'Live canvases', href: '/livecanvases' },
];

/**
 * The app's top bar. Wider than 768 px it shows the links inline; narrower, a menu button opens
 * an overlay with the same links (150 ms animation, closes on Escape or on choosing a link).
 */
export function TopBar({
  user,
  onSignOut,
  currentPath,
  productName = 'Tabula',
  links = DEFAULT_NAV_LINKS,
  renderLink = renderAnchor,
  defaultMenuOpen = false,
}: TopBarProps) {
  const [menuOpen, setMenuOpen] = useState(defaultMenuOpen);
  const menuId = useId();
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const navItems = (onChoose?: () => void) =>
    links.map((link) => (
      <li key={link.href}>
        {renderLink({
          href: link.href,
          className: cx('tb-topbar__link', currentPath === link.href && 'is-active'),
          'aria-current': currentPath === link.href ? 'page' : undefined,
          onClick: onChoose,
          children: link.label,
        })}
      </li>
    ));

  const account = (onChoose?: () => void) =>
    user ? (
      <>
        {renderLink({
          href: '/profile',
          className: 'tb-topbar__profile',
          onClick: onChoose,
          children: (
            <>
              <Avatar name={user.username} src={user.profilePhoto} size={28} />
              <span>{user.username}</span>
            </>
          ),
        })}
        <button
          type="button"
          className="tb-button tb-button--ghost"
          onClick={() => {
            onChoose?.();
            onSignOut();
          }}
        >
          Sign out
        </button>
      </>
    ) : (
      renderLink({
        href: '/signin',
        className: 'tb-button tb-button--primary',
        onClick: onChoose,
        children: 'Sign in',
      })
    );

  return (
    <header className="tb-topbar">
      <div className="tb-topbar__inner">
        {renderLink({ href: '/', className: 'tb-topbar__brand', children: productName })}
        <nav className="tb-topbar__nav" aria-label="Main">
          <ul>{navItems()}</ul>
        </nav>
        <div className="tb-topbar__account">{account()}</div>
        <button
          type="button"
          className="tb-icon-button tb-topbar__menu-button"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={cx('tb-burger', menuOpen && 'is-open')} aria-hidden="true" />
        </button>
        <div
          id={menuId}
          className="tb-topbar__overlay"
          data-state={menuOpen ? 'open' : 'closed'}
          aria-hidden={!menuOpen}
          inert={!menuOpen}
        >
          <nav aria-label="Menu">
            <ul>{navItems(close)}</ul>
          </nav>
          <div className="tb-topbar__overlay-account">{account(close)}</div>
        </div>
      </div>
    </header>
  );
}
