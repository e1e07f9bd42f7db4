import { Footer, Landing } from '@tabula/ui';
import { routerLink } from '../app/routerLink';
import { useAppSelector } from '../app/ServicesContext';

/** '/': the landing page with its call to action and the footer (spec §1). */
export function LandingScreen() {
  const signedIn = useAppSelector((s) => s.session !== null);
  return (
    <div className="tw-landing">
      <Landing signedIn={signedIn} renderLink={routerLink} />
      <Footer year={new Date().getFullYear()} />
    </div>
  );
}
