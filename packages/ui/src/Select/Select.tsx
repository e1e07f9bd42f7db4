/** The class of the app's select, for selects rendered elsewhere (e.g. the replay). */
export const SELECT_CLASS = 'tb-select';

/** One choice of a {@link Select}. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of {@link Select}. */
export interface SelectProps {
  /** Its accessible name (shown beside it unless `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A select in the app's look: a native select (keyboard as usual), with its label. */
export function Select({ label, hideLabel, value, options, onChange, disabled }: SelectProps) {
  return (
    <label className="tb-select-field">
      <span className={hideLabel ? 'tb-visually-hidden' : 'tb-select-field__label'}>{label}</span>
      <select
        className={SELECT_CLASS}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
