/** One social link of the footer. */
export interface SocialLink {
  /** Accessible name, e.g. 'GitHub'. */
  label: string;
  href: string;
  icon: 'github' | 'x' | 'linkedin' | 'instagram';
}

/** Props of {@link Footer}. */
export interface FooterProps {
  /** The year of the copyright line. */
  year: number;
  /** Name in the copyright line (default 'Tabula'). */
  productName?: string;
  /** Social links (default GitHub, X and LinkedIn). */
  socialLinks?: readonly SocialLink[];
}

/** Footer social links used when none are given. */
export const DEFAULT_SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'GitHub', href: 'https://github.com/', icon: 'github' },
  { label: 'X', href: 'https://x.com/', icon: 'x' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
];

const ICON_PATHS: Record<SocialLink['icon'], string> = {
  github:
    'M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.4-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.4 1.1 2.9.8.1-.7.4-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.2-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.8-1 2.8-1 .5 1.4.2 2.5.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.9v2.8c0 .3.2.6.7.5A10 10 0 0 0 12 2Z',
  x: 'M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z',
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.5h4V21H3V9.5Zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V21h-4V9.5Z',
  instagram:
    'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4ZM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4ZM12 2c-2.7 0-3.1 0-4.1.1C3.6 2.3 2.3 3.6 2.1 7.9 2 8.9 2 9.3 2 12s0 3.1.1 4.1c.2 4.3 1.5 5.6 5.8 5.8 1 .1 1.4.1 4.1.1s3.1 0 4.1-.1c4.3-.2 5.6-1.5 5.8-5.8.1-1 .1-1.4.1-4.1s0-3.1-.1-4.1c-.2-4.3-1.5-5.6-5.8-5.8C15.1 2 14.7 2 12 2Z',
};

/** The landing page footer: social links and a copyright line. */
export function Footer({
  year,
  productName = 'Tabula',
  socialLinks = DEFAULT_SOCIAL_LINKS,
}: FooterProps) {
  return (
    <footer className="tb-footer">
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
      <p className="tb-footer__copyright">
        © {year} {productName}. All rights reserved.
      </p>
    </footer>
  );
}
