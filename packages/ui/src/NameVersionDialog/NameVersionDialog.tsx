import { useId, useState } from 'react';
import { Modal } from '../Modal/Modal';
import { ModalActions } from '../shared/ModalActions';

/** The longest version name the server takes. */
export const VERSION_NAME_MAX_LENGTH = 60;

/** Props of {@link NameVersionDialog}. */
export interface NameVersionDialogProps {
  open: boolean;
  /** The revision being named. */
  revision: number;
  /** Called with the trimmed name (1 to `maxLength` characters). */
  onSave: (label: string) => void;
  /** Cancel, Escape, the backdrop and × all call it. */
  onCancel: () => void;
  /** While true (saving) the form is disabled and Save shows a loader. */
  busy?: boolean;
  /** Why the last try failed (the server's message, or the length rule). */
  error?: string | null;
  maxLength?: number;
}

/** A small dialog that gives one revision of a canvas a name ("Before the review"). */
export function NameVersionDialog({ open, revision, ...form }: NameVersionDialogProps) {
  return (
    <Modal open={open} title="Name this version" onClose={form.onCancel}>
      {/* Mounted per opening, so each one starts empty. */}
      {open && <NameVersionForm key={revision} revision={revision} {...form} />}
    </Modal>
  );
}

function NameVersionForm({
  revision,
  onSave,
  onCancel,
  busy = false,
  error = null,
  maxLength = VERSION_NAME_MAX_LENGTH,
}: Omit<NameVersionDialogProps, 'open'>) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const label = draft.trim();
  return (
    <form
      className="tb-name-version"
      onSubmit={(event) => {
        event.preventDefault();
        if (label && !busy) onSave(label);
      }}
    >
      <div className="tb-field">
        <label className="tb-field__label" htmlFor={`${id}-label`}>
          Name for revision {revision}
        </label>
        <input
          id={`${id}-label`}
          className="tb-input"
          value={draft}
          maxLength={maxLength}
          required
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          placeholder="e.g. Before the review"
          onChange={(event) => setDraft(event.target.value)}
        />
        <span id={`${id}-hint`} className="tb-field__hint">
          1 to {maxLength} characters. Everyone on the canvas sees it in the history.
        </span>
      </div>
      <ModalActions
        confirmLabel="Save name"
        busyLabel="Saving"
        onCancel={onCancel}
        busy={busy}
        confirmDisabled={!label}
        error={error}
      />
    </form>
  );
}
