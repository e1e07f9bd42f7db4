import type { ReactNode } from 'react';

/** The class of the app's checkbox input, for inputs rendered elsewhere (e.g. the replay). */
export const CHECKBOX_CLASS = 'tb-checkbox__input';

/** Props of {@link Checkbox}. */
export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A checkbox in the app's look: a native input (Space toggles it), its label beside it. */
export function Checkbox({ label, checked, onChange, disabled }: CheckboxProps) {
  return (
    <label className="tb-checkbox">
      <input
        type="checkbox"
        className={CHECKBOX_CLASS}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
