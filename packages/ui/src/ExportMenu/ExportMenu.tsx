import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../shared/icons';
import { Spinner } from '../Spinner/Spinner';

/** The image formats the board can be saved as. */
export type ExportFormat = 'png' | 'svg';

/** Props of {@link ExportMenu}. */
export interface ExportMenuProps {
  onExport: (format: ExportFormat) => void;
  /** While true (an export is being made) the button shows a loader and is disabled. */
  busy?: boolean;
  /** Nothing to export yet (the board is still opening). */
  disabled?: boolean;
}

const CHOICES: { format: ExportFormat; label: string }[] = [
  { format: 'png', label: 'PNG image' },
  { format: 'svg', label: 'SVG image' },
];

/**
 * An "Export" button opening a small menu of formats. The menu closes on a choice, on Escape
 * (focus back on the button) and on a click anywhere else.
 */
export function ExportMenu({ onExport, busy = false, disabled = false }: ExportMenuProps) {
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
          {CHOICES.map(({ format, label }) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              className="tb-export-menu__item"
              onClick={() => {
                setOpen(false);
                onExport(format);
              }}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
