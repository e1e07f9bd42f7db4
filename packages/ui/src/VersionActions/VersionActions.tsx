import { Icon } from '../shared/icons';
import { Spinner } from '../Spinner/Spinner';

/** Props of {@link VersionActions}. */
export interface VersionActionsProps {
  /** The revision the player shows; nothing can be done before there is one. */
  revision: number | null;
  /** Says which version it is, e.g. 'Revision 12 · 10:15 · drew 2 shapes'. */
  caption: string;
  /** The shown revision is the canvas as it is now: there is nothing to restore. */
  isLatest?: boolean;
  /** Restore is the owner's: without it the button is not shown at all. */
  canRestore?: boolean;
  onRestore?: () => void;
  onCopy: () => void;
  onName: () => void;
  /** A copy is being made. */
  copying?: boolean;
}

/** The bar under the player: what version is shown and what can be done with it. */
export function VersionActions({
  revision,
  caption,
  isLatest = false,
  canRestore = false,
  onRestore,
  onCopy,
  onName,
  copying = false,
}: VersionActionsProps) {
  const none = revision === null;
  return (
    <div className="tb-version-actions" role="group" aria-label="This version">
      <p className="tb-version-actions__caption" aria-live="polite">
        {caption}
      </p>
      <div className="tb-version-actions__buttons">
        {canRestore && (
          <button
            type="button"
            className="tb-button tb-button--primary tb-button--small"
            disabled={none || isLatest}
            title={isLatest ? 'This is how the canvas looks now.' : undefined}
            onClick={onRestore}
          >
            <Icon name="restore" />
            Restore this version
          </button>
        )}
        <button
          type="button"
          className="tb-button tb-button--secondary tb-button--small"
          disabled={none || copying}
          onClick={onCopy}
        >
          {copying ? <Spinner size={14} label="Making a copy" /> : <Icon name="copy" />}
          Make a copy
        </button>
        <button
          type="button"
          className="tb-button tb-button--secondary tb-button--small"
          disabled={none}
          onClick={onName}
        >
          <Icon name="bookmark" />
          Name this version
        </button>
      </div>
    </div>
  );
}
