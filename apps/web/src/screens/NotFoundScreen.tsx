import { NotFound } from '@tabula/ui';
import { ROUTES } from '../app/constants';
import { routerLink } from '../app/routerLink';

/** Any unknown path: 'Page not found' with 'Go back' to / (spec §2). */
export function NotFoundScreen() {
  return <NotFound homeHref={ROUTES.home} renderLink={routerLink} />;
}
