import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';

/** Props of {@link Landing}. */
export interface LandingProps {
  /** Signed-in users get 'Unleash Your Creativity' (→ /canvases), visitors 'Get Started for Free!' (→ /signin). */
  signedIn: boolean;
  /** Product name in the headline (default 'Tabula'). */
  productName?: string;
  /** Router-aware link renderer (default: plain anchors). */
  renderLink?: RenderLink;
}

/** The hero of the landing page: the spec's tagline and its call to action. */
export function Landing({
  signedIn,
  productName = 'Tabula',
  renderLink = renderAnchor,
}: LandingProps) {
  return (
    <section className="tb-landing" aria-labelledby="tb-landing-title">
      <p className="tb-landing__eyebrow">Draw · Share · Collaborate</p>
      <h1 id="tb-landing-title" className="tb-landing__title">
        {productName} is a leading whiteboard application for solo work or collaboration.
      </h1>
      <p className="tb-landing__lead">
        Sketch ideas alone or invite your team to a live canvas. Start creating something
        phenominal.
      </p>
      {renderLink({
        href: signedIn ? '/canvases' : '/signin',
        className: 'tb-button tb-button--primary tb-button--large',
        children: signedIn ? 'Unleash Your Creativity' : 'Get Started for Free!',
      })}
    </section>
  );
}
