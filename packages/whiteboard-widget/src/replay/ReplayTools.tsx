import { useState } from 'react';
import type { Author, AuthorFilterMode } from './attribution';
import type { RevisionDiff } from './compare';
import { authorColors } from './timelineMarks';
import { styles } from './replayStyles';
import { useLook } from './look';

export interface AuthorFilterProps {
  authors: readonly Author[];
  selected: ReadonlySet<string>;
  mode: AuthorFilterMode;
  onChange(selected: ReadonlySet<string>, mode: AuthorFilterMode): void;
}

/** Who to show: tick authors to show only their elements, or to dim everyone else's. */
export function AuthorFilterControls({ authors, selected, mode, onChange }: AuthorFilterProps) {
  // The authors come in order of their first step, as the timeline's marks are coloured.
  const look = useLook();
  const colors = authorColors(authors.map((author) => author.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next, mode);
  };
  return (
    <fieldset style={styles.group}>
      <legend style={styles.legend}>Authors</legend>
      {authors.map((author) => (
        <label key={author.id}>
          <input
            type="checkbox"
            {...look('checkbox')}
            checked={selected.has(author.id)}
            onChange={(event) => toggle(author.id, event.target.checked)}
          />{' '}
          <span
            style={{ ...styles.swatch, background: colors.get(author.id) }}
            aria-hidden="true"
          />
          {author.name || 'Unknown user'}
        </label>
      ))}
      <select
        {...look('select', styles.select)}
        aria-label="How to show the other authors"
        value={mode}
        onChange={(event) => onChange(selected, event.target.value as AuthorFilterMode)}
      >
        <option value="only">Show only them</option>
        <option value="dim">Dim the others</option>
      </select>
    </fieldset>
  );
}

export interface CompareProps {
  minRevision: number;
  maxRevision: number;
  /** The revision at the playhead: the default "to". */
  revision: number;
  diff: RevisionDiff | null;
  onCompare(from: number, to: number): void;
  onClear(): void;
}

/** Compare two revisions: what was added, changed and deleted between them. */
export function CompareControls(props: CompareProps) {
  const [from, setFrom] = useState<string>(String(props.minRevision));
  const [to, setTo] = useState<string>('');
  const clamp = (text: string, fallback: number) => {
    const value = Number.parseInt(text, 10);
    return Number.isFinite(value)
      ? Math.max(props.minRevision, Math.min(props.maxRevision, value))
      : fallback;
  };
  const { diff } = props;
  const look = useLook();
  return (
    <fieldset style={styles.group}>
      <legend style={styles.legend}>Compare</legend>
      {(
        [
          ['Compare from revision', from, setFrom],
          ['Compare to revision', to, setTo],
        ] as const
      ).map(([label, value, set]) => (
        <input
          key={label}
          type="number"
          {...look('input', styles.number)}
          aria-label={label}
          min={props.minRevision}
          max={props.maxRevision}
          placeholder={String(props.revision)}
          value={value}
          onChange={(event) => set(event.target.value)}
        />
      ))}
      <button
        type="button"
        {...look('button', styles.button)}
        onClick={() => props.onCompare(clamp(from, props.minRevision), clamp(to, props.revision))}
      >
        Compare
      </button>
      {diff && (
        <>
          <span role="status" data-testid="replay-diff">
            {diff.from} → {diff.to}:{' '}
            <span style={{ color: '#1b6e2f' }}>{diff.added.length} added</span>,{' '}
            <span style={{ color: '#a35200' }}>{diff.changed.length} changed</span>,{' '}
            <span style={{ color: '#c92a2a' }}>{diff.deleted.length} deleted</span>
          </span>
          <button type="button" {...look('button', styles.button)} onClick={props.onClear}>
            Clear comparison
          </button>
        </>
      )}
    </fieldset>
  );
}
