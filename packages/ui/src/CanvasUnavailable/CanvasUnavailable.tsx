import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';

/** Props of {@link CanvasUnavailable}. */
export interface CanvasUnavailableProps {
  /** Why the canvas cannot be shown, e.g. 'Canvas not found.' or 'Not allowed!'. */
  title: string;
  /** A sentence on what the user can do instead. */
  text: string;
  /** Where the link leads (the user's canvas list). */
  backHref: string;
  /** The link's text (default 'Back to your canvases'). */
  backLabel?: string;
  /** Router-aware link renderer (default: plain anchors). */
  renderLink?: RenderLink;
}

/** Stands in for the whiteboard when a canvas cannot be opened: no board, only the reason. */
export function CanvasUnavailable({
  title,
  text,
  backHref,
  backLabel = 'Back to your canvases',
  renderLink = renderAnchor,
}: CanvasUnavailableProps) {
  return (
    <section className="tb-unavailable" aria-labelledby="tb-unavailable-title">
      <h2 id="tb-unavailable-title" className="tb-unavailable__title">
        {title}
      </h2>
      <p className="tb-unavailable__text">{text}</p>
      {renderLink({
        href: backHref,
        className: 'tb-button tb-button--primary',
        children: backLabel,
      })}
    </section>
  );
}
