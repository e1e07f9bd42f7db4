import type { ReactNode } from 'react';

/** What a component hands to `renderLink`: an app-internal href plus the usual anchor bits. */
export interface LinkRenderProps {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  'aria-label'?: string;
  'aria-current'?: 'page';
  /** An ARIA role for the link (e.g. 'menuitem' inside a menu). */
  role?: 'menuitem';
}

/**
 * Renders an app-internal link. Pass one built on your router, for example
 * `(p) => <Link to={p.href} {...rest}>{p.children}</Link>`; the default is a plain `<a>`.
 */
export type RenderLink = (props: LinkRenderProps) => ReactNode;

/** The fallback `renderLink`: a plain anchor (full page load). */
export function renderAnchor({ href, children, ...rest }: LinkRenderProps): ReactNode {
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
