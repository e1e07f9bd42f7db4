import { createContext, useContext } from 'react';
import type { CSSProperties } from 'react';

/**
 * Class names for the player's controls, so a host app can give them its own look: a control
 * with a class here drops the player's inline style for it (the class governs it whole).
 */
export interface ReplayClassNames {
  /** Every button (play, steps, compare, exports, close). */
  button?: string;
  /** The speed and author-mode selects. */
  select?: string;
  /** The revision number fields. */
  input?: string;
  /** The checkboxes (skip idle time, the authors). */
  checkbox?: string;
}

export const ReplayLookContext = createContext<ReplayClassNames>({});

/** `{ className }` when the host gave one for `kind`, else `{ style }` (the player's own look). */
export function useLook() {
  const classes = useContext(ReplayLookContext);
  return (kind: keyof ReplayClassNames, style?: CSSProperties) =>
    classes[kind] ? { className: classes[kind] } : { style };
}
