import { useState } from 'react';
import { Modal } from '../Modal/Modal';
import { Spinner } from '../Spinner/Spinner';

/** A view link as the owner sees it in the list. */
export interface ShareDialogLink {
  linkId: string;
  /** ISO-8601. */
  createdAt: string;
}

/** Props of {@link ShareDialog}. */
export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The active links, oldest first; null while they load. */
  links: readonly ShareDialogLink[] | null;
  /** The address of the link just created: shown once, with Copy. */
  createdUrl?: string | null;
  onCreate: () => void;
  onRevoke: (linkId: string) => void;
  /** While true (a call under way) the buttons are disabled. */
  busy?: boolean;
  /** Why the last call failed (the server's message). */
  error?: string | null;
  /** Puts text on the clipboard (default: the browser's clipboard). */
  copyText?: (text: string) => Promise<void>;
  /** How a creation time is shown (default: the browser's locale). */
  formatTime?: (iso: string) => string;
  /** The owner's "collaborators can clear the board" switch (absent: not shown). */
  clearing?: ShareDialogClearing;
}

/** The collaborators' clearing setting as the dialog shows it. */
export interface ShareDialogClearing {
  /** Null while it loads. */
  allowed: boolean | null;
  onChange: (allowed: boolean) => void;
  busy?: boolean;
  error?: string | null;
}

const defaultCopy = (text: string) => navigator.clipboard.writeText(text);
const defaultFormat = (iso: string) => new Date(iso).toLocaleString();

/**
 * The owner's view links of a canvas: create one (its address is shown once, to copy), see
 * the active ones and revoke any. Anyone with a link watches the board live, read-only,
 * without an account.
 */
export function ShareDialog({
  open,
  onClose,
  links,
  createdUrl = null,
  onCreate,
  onRevoke,
  busy = false,
  error = null,
  copyText = defaultCopy,
  formatTime = defaultFormat,
  clearing,
}: ShareDialogProps) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <Modal open={open} title="Share a view-only link" onClose={onClose} className="tb-share">
      <p className="tb-share__about">
        Anyone with the link can watch this canvas live, without an account. They cannot draw, and
        they see no history and no names of who is online.
      </p>
      {createdUrl && (
        <div className="tb-share__created">
          <label className="tb-field__label" htmlFor="tb-share-url">
            New link (copy it now: it is shown only once)
          </label>
          <div className="tb-share__copy">
            <input
              id="tb-share-url"
              className="tb-input"
              readOnly
              value={createdUrl}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              className="tb-button tb-button--primary"
              onClick={() => {
                void copyText(createdUrl).then(() => setCopied(createdUrl));
              }}
            >
              {copied === createdUrl ? 'Copied' : 'Copy'}
            </button>
          </div>
        </div>
      )}
      {links === null ? (
        <Spinner label="Loading the links" />
      ) : links.length === 0 ? (
        <p className="tb-share__empty">No view link yet.</p>
      ) : (
        <ul className="tb-share__links" aria-label="Active view links">
          {links.map((link, index) => (
            <li key={link.linkId} className="tb-share__link">
              <span>
                Link {index + 1}, created {formatTime(link.createdAt)}
              </span>
              <button
                type="button"
                className="tb-button tb-button--danger"
                disabled={busy}
                aria-label={`Revoke link ${index + 1}`}
                onClick={() => onRevoke(link.linkId)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="tb-share__error" role="alert">
          {error}
        </p>
      )}
      {clearing && <ClearingSwitch {...clearing} />}
      <div className="tb-share__actions">
        <button type="button" className="tb-button" onClick={onClose}>
          Done
        </button>
        <button
          type="button"
          className="tb-button tb-button--primary"
          disabled={busy}
          onClick={onCreate}
        >
          Create a view link
        </button>
      </div>
    </Modal>
  );
}

/** "Collaborators can clear the board": on by default; off, only the owner can clear it. */
function ClearingSwitch({ allowed, onChange, busy = false, error = null }: ShareDialogClearing) {
  return (
    <div className="tb-share__clearing">
      <label className="tb-share__switch">
        <input
          type="checkbox"
          role="switch"
          checked={allowed ?? true}
          disabled={allowed === null || busy}
          aria-describedby="tb-share-clearing-about"
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        Collaborators can clear the board
      </label>
      <p id="tb-share-clearing-about" className="tb-share__about">
        Everyone on the board sees who cleared it, with Undo. When this is off, only you can clear
        it.
      </p>
      {error && (
        <p className="tb-share__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
