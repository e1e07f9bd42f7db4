import type { CSSProperties } from 'react';
import type { CollaborationStatus } from './collab/connectionStatus';

/** The statuses the badge shows (those of `useCollaboration`'s `status`). */
export type ConnectionBadgeStatus = CollaborationStatus;

/** Props of `<ConnectionBadge>`. */
export interface ConnectionBadgeProps {
  status: ConnectionBadgeStatus;
  /** Local changes waiting for an ack; shown as "n changes waiting" when above 0. */
  pending?: number;
  /** Elements the server will not keep (refused); shown as "n not saved" when above 0. */
  notSaved?: number;
  className?: string;
  style?: CSSProperties;
}

const LABELS: Record<ConnectionBadgeStatus, string> = {
  connecting: 'Connecting…',
  joining: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
  'signed-out': 'Signed out',
  closed: 'Closed',
};

/** The badge's text: the status, the changes waiting and those not saved, when there are any. */
export function connectionLabel(status: ConnectionBadgeStatus, pending = 0, notSaved = 0): string {
  const parts = [LABELS[status]];
  if (pending > 0) parts.push(pending === 1 ? '1 change waiting' : `${pending} changes waiting`);
  if (notSaved > 0) parts.push(`${notSaved} not saved`);
  return parts.join(' · ');
}

/**
 * A small, plain connection indicator ("Live", "Reconnecting…", "Offline", "Signed out", with
 * "n changes waiting" (give it `useCollaboration`'s `pending`, which stays 0 while commits are
 * acked promptly) and "n not saved" for what the server refused). A polite live region: screen readers
 * hear it change. Style it through `.tabula-connection-badge` and its `data-status`.
 */
export function ConnectionBadge({
  status,
  pending = 0,
  notSaved = 0,
  className,
  style,
}: ConnectionBadgeProps) {
  return (
    <span
      role="status"
      data-status={status}
      data-not-saved={notSaved > 0 ? notSaved : undefined}
      className={className ? `tabula-connection-badge ${className}` : 'tabula-connection-badge'}
      style={style}
    >
      {connectionLabel(status, pending, notSaved)}
    </span>
  );
}
