/** Names of the small line icons used by the components. */
export type IconName =
  | 'sidebar'
  | 'edit'
  | 'trash'
  | 'leave'
  | 'users'
  | 'plus'
  | 'history'
  | 'download'
  | 'restore'
  | 'copy'
  | 'bookmark'
  | 'share'
  | 'more';

const PATHS: Record<IconName, string> = {
  sidebar: 'M4 5h16v14H4zM9 5v14',
  edit: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  leave: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-4 3-6 7-6s7 2 7 6M16 3.5a4 4 0 0 1 0 7.5M18 15c2.5.6 4 2.5 4 6',
  plus: 'M12 5v14M5 12h14',
  history: 'M3 12a9 9 0 1 0 3-6.7M3 4v4h4M12 7v5l3 2',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  restore: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  bookmark: 'M6 4h12v17l-6-4-6 4z',
  share: 'M12 15V4M8 8l4-4 4 4M5 13v7h14v-7',
  more: 'M4 12a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0M10.5 12a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0M17 12a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0',
};

/** A 20 px stroke icon; decorative (the button around it carries the label). */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="tb-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
