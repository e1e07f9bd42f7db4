import { cx } from '../shared/cx';

/** The two kinds of toast of the spec: a normal notice and an error. */
export type AlertType = 'alert' | 'danger';

/** Props of {@link Alert}. */
export interface AlertProps {
  /** The message, shown word for word. */
  text: string;
  /** 'alert' is a normal notice, 'danger' an error. */
  type: AlertType;
  /** Whether the toast is on screen. */
  show: boolean;
  /** When given, a close button calls it. */
  onClose?: () => void;
}

/**
 * The alert toast of the shared layout. Errors use role="alert", notices role="status". It does not
 * position itself: put it in the layout's fixed toast area.
 */
export function Alert({ text, type, show, onClose }: AlertProps) {
  if (!show || !text) return null;
  return (
    <div
      className={cx('tb-alert', type === 'danger' ? 'tb-alert--danger' : 'tb-alert--info')}
      role={type === 'danger' ? 'alert' : 'status'}
    >
      <span className="tb-alert__icon" aria-hidden="true">
        {type === 'danger' ? '!' : 'i'}
      </span>
      <p className="tb-alert__text">{text}</p>
      {onClose && (
        <button type="button" className="tb-icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}
