import type { CSSProperties } from 'react';
import type { CollaborationStatus } from './collab/connectionStatus';

/** The statuses the badge shows (those of `useCollaboration`'s `status`). */
export type ConnectionBadgeStatus = CollaborationStatus;

/** Props of `<ConnectionBadge>`. */
export interface ConnectionBadgeProps {
  status: ConnectionBadgeStatus;
  /** Local changes waiting for an ack; shown as "n changes waiting" when above 0. */
  pending?: number;
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

/** The badge's text: the status, and the changes waiting when there are any. */
export function connectionLabel(status: ConnectionBadgeStatus, pending = 0): string {
  const waiting = pending === 1 ? '1 change waiting' : `${pending} changes waiting`;
  return pending > 0 ? `${LABELS[status]} · ${waiting}` : LABELS[status];
}

/**
 * A small, plain connection indicator ("Live", "Reconnecting…", "Offline", "Signed out", with
 * "n changes waiting" while the outbox is not empty). A polite live region: screen readers
 * hear it change. Style it through `.tabula-connection-badge` and its `data-status`.
 */
export function ConnectionBadge({ status, pending = 0, className, style }: ConnectionBadgeProps) {
  return (
    <span
      role="status"
      data-status={status}
      className={className ? `tabula-connection-badge ${className}` : 'tabula-connection-badge'}
      style={style}
    >
      {connectionLabel(status, pending)}
    </span>
  );
}
