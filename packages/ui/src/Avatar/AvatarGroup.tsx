import { cx } from '../shared/cx';
import { Avatar } from './Avatar';

/** One person of an {@link AvatarGroup}. */
export interface GroupPerson {
  id: string;
  /** Display name or username, shown beside the picture. */
  name: string;
  photo?: string | null;
  /** In the room now: a green dot ("here now"); the others' pictures step back. */
  here?: boolean;
  /** A short note after the name, e.g. 'owner'. */
  note?: string;
}

/** Props of {@link AvatarGroup}. */
export interface AvatarGroupProps {
  people: readonly GroupPerson[];
  /** The list's accessible name, e.g. 'People on this canvas'. */
  label: string;
  /** 'row': chips in a line, for a header (default); 'list': one per line, for a side panel. */
  layout?: 'row' | 'list';
  /** In a row, how many chips show before '+n more' (default 3); a list shows everyone. */
  max?: number;
}

/** What the dot means, in the accessible name of a person who is here. */
export const HERE_NOW = 'here now';

/**
 * People with their pictures and names, a green dot on those who are here now. A row shows
 * the first `max` and '+n more' (naming the rest in its tooltip and accessible name).
 */
export function AvatarGroup({ people, label, layout = 'row', max = 3 }: AvatarGroupProps) {
  const shown = layout === 'row' ? people.slice(0, max) : people;
  const rest = people.slice(shown.length);
  const restNames = rest.map((person) => person.name).join(', ');
  return (
    <ul className={cx('tb-avatar-group', `tb-avatar-group--${layout}`)} aria-label={label}>
      {shown.map((person) => (
        <li
          key={person.id}
          className={cx('tb-avatar-group__person', !person.here && 'is-away')}
          title={person.here ? `${person.name} (${HERE_NOW})` : person.name}
        >
          <Avatar
            name={person.name}
            src={person.photo}
            size={layout === 'row' ? 24 : 28}
            status={person.here ? HERE_NOW : undefined}
          />
          {/* The picture carries the accessible name; this is the same name, to read. */}
          <span className="tb-avatar-group__name" aria-hidden="true">
            {person.name}
          </span>
          {person.note && <span className="tb-avatar-group__note">{person.note}</span>}
        </li>
      ))}
      {rest.length > 0 && (
        <li
          className="tb-avatar-group__more"
          title={restNames}
          aria-label={`${rest.length} more: ${restNames}`}
        >
          +{rest.length} more
        </li>
      )}
    </ul>
  );
}
