import { useEffect, useRef, useState } from 'react';

/** Props of {@link InlineNameEditor}. */
export interface InlineNameEditorProps {
  /** The current name: the input starts with it, focused and selected. */
  initialName: string;
  /** Accessible label of the input. */
  label: string;
  onSave: (name: string) => void;
  onCancel: () => void;
  /** While true the input and buttons are disabled. */
  busy?: boolean;
}

/**
 * A one-line rename form: the input is focused and prefilled; Enter or Save submits the trimmed
 * name (never an empty one), Escape or Cancel abandons it.
 */
export function InlineNameEditor({
  initialName,
  label,
  onSave,
  onCancel,
  busy = false,
}: InlineNameEditorProps) {
  const [draft, setDraft] = useState(initialName);
  const input = useRef<HTMLInputElement>(null);
  const name = draft.trim();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  return (
    <form
      className="tb-inline-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (name && !busy) onSave(name);
      }}
    >
      <input
        ref={input}
        className="tb-input tb-input--compact"
        aria-label={label}
        value={draft}
        disabled={busy}
        required
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <button
        type="submit"
        className="tb-button tb-button--primary tb-button--small"
        disabled={busy || !name}
      >
        Save
      </button>
      <button
        type="button"
        className="tb-button tb-button--ghost tb-button--small"
        disabled={busy}
        onClick={onCancel}
      >
        Cancel
      </button>
    </form>
  );
}
