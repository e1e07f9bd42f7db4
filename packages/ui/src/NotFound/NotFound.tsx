import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';

/** Props of {@link NotFound}. */
export interface NotFoundProps {
  /** Where 'Go back' leads (default '/'). */
  homeHref?: string;
  /** Router-aware link renderer (default: plain anchors). */
  renderLink?: RenderLink;
}

/** The 404 page, with the spec's words. */
export function NotFound({ homeHref = '/', renderLink = renderAnchor }: NotFoundProps) {
  return (
    <section className="tb-notfound" aria-labelledby="tb-notfound-title">
      <p className="tb-notfound__code" aria-hidden="true">
        404
      </p>
      <h1 id="tb-notfound-title" className="tb-notfound__title">
        Page not found
      </h1>
      <p className="tb-notfound__text">
        Sorry, we couldn&apos;t find the page you&apos;re looking for.
      </p>
      {renderLink({
        href: homeHref,
        className: 'tb-button tb-button--primary',
        children: 'Go back',
      })}
    </section>
  );
}
