import { Link } from 'react-router-dom';
import type { LinkRenderProps } from '@tabula/ui';

/** The ui package's `renderLink` on react-router: client-side navigation, no page load. */
export function routerLink({ href, children, ...rest }: LinkRenderProps) {
  return (
    <Link to={href} {...rest}>
      {children}
    </Link>
  );
}
