import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../shared/icons';
import { Spinner } from '../Spinner/Spinner';

/** The image formats the board can be saved as. */
export type ExportFormat = 'png' | 'svg';

/** What is exported: the whole board, or only what is selected on it. */
export type ExportScope = 'board' | 'selection';

/** Props of {@link ExportMenu}. */
export interface ExportMenuProps {
  /** A choice: the format, and `'selection'` for the selection items (absent for the board). */
  onExport: (format: ExportFormat, scope?: ExportScope) => void;
  /** While true (an export is being made) the button shows a loader and is disabled. */
  busy?: boolean;
  /** Nothing to export yet (the board is still opening). */
  disabled?: boolean;
  /** Something is selected on the board: the menu also offers the selection alone. */
  selection?: boolean;
}

interface Choice {
  format: ExportFormat;
  scope: ExportScope;
  label: string;
}

const BOARD_CHOICES: Choice[] = [
  { format: 'png', scope: 'board', label: 'PNG image' },
  { format: 'svg', scope: 'board', label: 'SVG image' },
];

const SELECTION_CHOICES: Choice[] = [
  { format: 'png', scope: 'selection', label: 'Selection as PNG' },
  { format: 'svg', scope: 'selection', label: 'Selection as SVG' },
];

/**
 * An "Export" button opening a small menu of formats: the whole board, and, while something is
 * selected, the selection alone below a separator. The menu closes on a choice, on Escape
 * (focus back on the button) and on a click anywhere else.
 */
export function ExportMenu({
  onExport,
  busy = false,
  disabled = false,
  selection = false,
}: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item = ({ format, scope, label }: Choice) => (
    <button
      key={`${scope}-${format}`}
      type="button"
      role="menuitem"
      className="tb-export-menu__item"
      onClick={() => {
        setOpen(false);
        if (scope === 'board') onExport(format);
        else onExport(format, scope);
      }}
    >
      {label}
    </button>
  );

  return (
    <div className="tb-export-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="tb-button tb-button--secondary tb-button--small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={busy || disabled}
        onClick={() => setOpen((now) => !now)}
      >
        {busy ? <Spinner size={14} label="Exporting" /> : <Icon name="download" />}
        Export
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Export as" className="tb-export-menu__list">
          {BOARD_CHOICES.map(item)}
          {selection && <div role="separator" className="tb-export-menu__separator" />}
          {selection && SELECTION_CHOICES.map(item)}
        </div>
      )}
    </div>
  );
}
