/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Accessible label, read by screen readers (default 'Loading'). */
  label?: string;
  /** Diameter in pixels (default 20). */
  size?: number;
}

/** An inline spinning ring; inherits the text colour, so it fits inside buttons. */
export function Spinner({ label = 'Loading', size = 20 }: SpinnerProps) {
  return (
    <span
      className="tb-spinner"
      role="status"
      aria-label={label}
      style={{ width: size, height: size }}
    />
  );
}

/** Props of {@link Loader}. */
export interface LoaderProps {
  /** Text under the spinner (default 'Loading…'). */
  label?: string;
}

/** A centred, page-sized loading state for routes and lists. */
export function Loader({ label = 'Loading…' }: LoaderProps) {
  return (
    <div className="tb-loader">
      <Spinner size={36} label={label} />
      <p className="tb-loader__label" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}
