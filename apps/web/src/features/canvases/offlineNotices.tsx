import { ConfirmPopup } from '@tabula/ui';
import { connectionLabel } from '@tabula/whiteboard';
import type {
  CollaborationStatus,
  DeviceStorageState,
  OfflineState,
  RefusedOfflineChanges,
} from '@tabula/whiteboard/collab';

/** "10:42", or "3 Dec, 10:42" when not today. */
export function syncTime(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (new Date(now).toDateString() === date.toDateString()) return time;
  return `${date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/**
 * The board's sync pill: the engine's status and what waits ("Offline · 2 changes waiting"),
 * offline with when the device's copy was last in step ("… · last synced 10:42").
 */
export function syncLabel(
  status: CollaborationStatus,
  pending: number,
  notSaved: number,
  offline: OfflineState,
  now = Date.now(),
): string {
  const label = connectionLabel(status, pending, notSaved);
  if (status !== 'offline' || offline.lastSyncedAt === null) return label;
  return `${label} · last synced ${syncTime(offline.lastSyncedAt, now)}`;
}

/** The sync pill, styled as the widget's connection badge (a polite live region). */
export function SyncPill(props: {
  status: CollaborationStatus;
  pending: number;
  notSaved: number;
  offline: OfflineState;
}) {
  const { status, pending, notSaved, offline } = props;
  return (
    <span
      role="status"
      data-status={status}
      data-not-saved={notSaved > 0 ? notSaved : undefined}
      className="tabula-connection-badge tw-board__status"
    >
      {syncLabel(status, pending, notSaved, offline)}
    </span>
  );
}

/** Said in place of the board when it was never opened on this device and there is no network. */
export const NOT_AVAILABLE_OFFLINE = 'This canvas is not available offline';

/** Covers the (waiting) board: no spinner, the reason, and that it opens once back online. */
export function NotAvailableOffline() {
  return (
    <div className="tw-board__opening">
      <section className="tb-unavailable" aria-labelledby="tw-not-offline-title">
        <h2 id="tw-not-offline-title" className="tb-unavailable__title">
          {NOT_AVAILABLE_OFFLINE}
        </h2>
        <p className="tb-unavailable__text">
          It was never opened on this device, so nothing of it is kept here. It opens by itself as
          soon as you are back online.
        </p>
      </section>
    </div>
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What the storage warning says, or null while there is room. */
export function storageWarning(storage: DeviceStorageState | null): string | null {
  if (!storage?.nearlyFull) return null;
  if (storage.full)
    return (
      "This device's storage is full: your latest changes are kept in this tab only until " +
      'they are sent. Keep this tab open until you are back online.'
    );
  return (
    `This device's storage is nearly full (${megabytes(storage.usage)} of ` +
    `${megabytes(storage.quota)}). Your changes are still kept; free some space, or go ` +
    'online so they can be sent, before new ones could not be kept.'
  );
}

/** The storage warning over the board, while storage is nearly full. */
export function StorageWarning({ storage }: { storage: DeviceStorageState | null }) {
  const text = storageWarning(storage);
  if (!text) return null;
  return (
    <p role="alert" className="tw-board__warning">
      {text}
    </p>
  );
}

/** How many of the refused changes' elements there are, in words. */
function changesText(refused: RefusedOfflineChanges): string {
  const count = refused.elements.length;
  return count === 1 ? '1 element' : `${count} elements`;
}

/**
 * Changes made offline that the server refused on reconnect (the canvas was deleted or access
 * removed): said plainly, applied nowhere, offered as a file. Cancel keeps them on the
 * device; they are offered again the next time the canvas is opened.
 */
export function RefusedChangesDialog(props: {
  refused: RefusedOfflineChanges | null;
  busy: boolean;
  onDownload: () => void;
  onCancel: () => void;
}) {
  const { refused, busy, onDownload, onCancel } = props;
  return (
    <ConfirmPopup
      open={refused !== null}
      title="Your offline changes were not saved"
      confirmLabel="Download them"
      busyLabel="Preparing the file"
      tone="primary"
      busy={busy}
      onConfirm={onDownload}
      onCancel={onCancel}
    >
      {refused
        ? `${refused.message} What you drew on it while offline (${changesText(refused)}) was ` +
          'not saved to it or anywhere else. Download it as a file to keep it; Cancel keeps it ' +
          'on this device until the next time you open this canvas.'
        : ''}
    </ConfirmPopup>
  );
}
