import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Mascot } from '../Mascot/Mascot';
import type { MascotMood } from '../Mascot/Mascot';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';
import { Spinner } from '../Spinner/Spinner';

/** Which auth screen: /signin or /signup. */
export type AuthMode = 'signin' | 'signup';
/** The form's fields. */
export type AuthField = 'email' | 'password' | 'name' | 'username';
/** What the form submits. On sign-in, name and username are empty strings. */
export interface AuthFormValues {
  email: string;
  password: string;
  name: string;
  username: string;
}

/** Props of {@link AuthForm}. */
export interface AuthFormProps {
  mode: AuthMode;
  /** Called with the field values when the (valid) form is submitted. */
  onSubmit: (values: AuthFormValues) => void;
  /** The 'Sign in Test User 1' / '… 2' buttons (the server holds the demo password). */
  onDemoSignIn: (testUser: 1 | 2) => void;
  /** While true the submit button shows a loader and every button is disabled. */
  busy?: boolean;
  /** A failure message, shown under the password field. */
  error?: string | null;
  /** The mascot's picture; the container changes it on focus and resets it after 2000 ms. */
  mascot?: MascotMood;
  /** A field gained focus (drive the mascot from here). */
  onFieldFocus?: (field: AuthField) => void;
  /** A field lost focus. */
  onFieldBlur?: (field: AuthField) => void;
  /** The show/hide password toggle changed. */
  onPasswordVisibilityChange?: (visible: boolean) => void;
  /** Router-aware link renderer for the mode switch (default: plain anchors). */
  renderLink?: RenderLink;
}

const EMPTY: AuthFormValues = { email: '', password: '', name: '', username: '' };

/**
 * The sign-in / sign-up form. Switching mode (the link goes to /signup or /signin) gives a fresh,
 * empty form because the fields are keyed by mode.
 */
export function AuthForm(props: AuthFormProps) {
  return <AuthFormFields key={props.mode} {...props} />;
}

function AuthFormFields({
  mode,
  onSubmit,
  onDemoSignIn,
  busy = false,
  error,
  mascot = 'idle',
  onFieldFocus,
  onFieldBlur,
  onPasswordVisibilityChange,
  renderLink = renderAnchor,
}: AuthFormProps) {
  const [values, setValues] = useState<AuthFormValues>(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const id = useId();
  const signUp = mode === 'signup';
  const errorId = `${id}-error`;

  const field = (name: AuthField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onFocus: () => onFieldFocus?.(name),
    onBlur: () => onFieldBlur?.(name),
    className: 'tb-input',
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit(signUp ? values : { ...values, name: '', username: '' });
  };

  const togglePassword = () => {
    setShowPassword(!showPassword);
    onPasswordVisibilityChange?.(!showPassword);
  };

  return (
    <div className="tb-auth">
      <Mascot mood={mascot} size={96} />
      <h1 className="tb-auth__title">{signUp ? 'Create your account' : 'Welcome back'}</h1>
      <p className="tb-auth__subtitle">
        {signUp ? 'Start drawing in a minute.' : 'Sign in to continue to your canvases.'}
      </p>
      <form className="tb-auth__form" onSubmit={submit} aria-busy={busy}>
        {signUp && (
          <>
            <label className="tb-field" htmlFor={`${id}-name`}>
              <span className="tb-field__label">
                Name <span className="tb-field__hint">(optional)</span>
              </span>
              <input {...field('name')} type="text" autoComplete="name" />
            </label>
            <label className="tb-field" htmlFor={`${id}-username`}>
              <span className="tb-field__label">Username</span>
              <input {...field('username')} type="text" autoComplete="username" required />
            </label>
          </>
        )}
        <label className="tb-field" htmlFor={`${id}-email`}>
          <span className="tb-field__label">Email</span>
          <input {...field('email')} type="email" autoComplete="email" required />
        </label>
        <div className="tb-field">
          <label className="tb-field__label" htmlFor={`${id}-password`}>
            Password
          </label>
          <div className="tb-field__with-action">
            <input
              {...field('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete={signUp ? 'new-password' : 'current-password'}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <button
              type="button"
              className="tb-field__action"
              aria-pressed={showPassword}
              onClick={togglePassword}
            >
              {showPassword ? 'Hide' : 'Show'}
              <span className="tb-visually-hidden"> password</span>
            </button>
          </div>
          {error && (
            <p id={errorId} className="tb-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="tb-button tb-button--primary tb-button--block"
          disabled={busy}
        >
          {busy && <Spinner size={16} label={signUp ? 'Signing up' : 'Signing in'} />}
          {signUp ? 'Sign up' : 'Sign in'}
        </button>
      </form>
      <div className="tb-auth__divider" role="separator">
        <span>or try a demo account</span>
      </div>
      <div className="tb-auth__demo">
        <button
          type="button"
          className="tb-button tb-button--secondary"
          disabled={busy}
          onClick={() => onDemoSignIn(1)}
        >
          Sign in Test User 1
        </button>
        <button
          type="button"
          className="tb-button tb-button--secondary"
          disabled={busy}
          onClick={() => onDemoSignIn(2)}
        >
          Sign in Test User 2
        </button>
      </div>
      <p className="tb-auth__switch">
        {signUp ? 'Already have an account? ' : "Don't have an account? "}
        {renderLink({
          href: signUp ? '/signin' : '/signup',
          className: 'tb-link',
          children: signUp ? 'Sign in' : 'Sign up',
        })}
      </p>
    </div>
  );
}
