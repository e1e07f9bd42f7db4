/** One link of the footer to a place of the project (its repository, its docs). */
export interface SocialLink {
  /** Accessible name, e.g. 'GitHub'. */
  label: string;
  href: string;
  icon: 'github' | 'docs';
}

/** Props of {@link Footer}. */
export interface FooterProps {
  /** The year of the copyright line. */
  year: number;
  /** Name in the copyright line (default 'Tabula'). */
  productName?: string;
  /**
   * Links to the project's real destinations (repository, docs). None by default: a link with
   * nowhere real to go is worse than no link, so the footer shows only what it is given.
   */
  socialLinks?: readonly SocialLink[];
}

const NO_LINKS: readonly SocialLink[] = [];

const ICON_PATHS: Record<SocialLink['icon'], string> = {
  github:
    'M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.4-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.4 1.1 2.9.8.1-.7.4-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.2-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.8-1 2.8-1 .5 1.4.2 2.5.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.9v2.8c0 .3.2.6.7.5A10 10 0 0 0 12 2Z',
  docs: 'M6 2h9l5 5v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm8 1.5V8h4.5L14 3.5ZM7.5 11v1.6h9V11h-9Zm0 3.4V16h9v-1.6h-9Zm0 3.4v1.6h6v-1.6h-6Z',
};

/** The landing page footer: the project's links (when given) and a copyright line. */
export function Footer({ year, productName = 'Tabula', socialLinks = NO_LINKS }: FooterProps) {
  return (
    <footer className="tb-footer">
      {socialLinks.length > 0 && (
        <ul className="tb-footer__social" aria-label="Social links">
          {socialLinks.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="tb-footer__social-link"
                aria-label={link.label}
                target="_blank"
                rel="noreferrer noopener"
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d={ICON_PATHS[link.icon]} fill="currentColor" fillRule="evenodd" />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="tb-footer__copyright">
        © {year} {productName}. All rights reserved.
      </p>
    </footer>
  );
}
