import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Mascot } from '../Mascot/Mascot';
import type { MascotMood } from '../Mascot/Mascot';
import { renderAnchor } from '../shared/links';
import type { RenderLink } from '../shared/links';
import { Spinner } from '../Spinner/Spinner';

/** Which auth screen: /signin or /signup. */
export type AuthMode = 'signin' | 'signup';
/** The form's fields. */
export type AuthField = 'email' | 'password' | 'name' | 'username';
/** One of the two demo accounts. */
export type DemoAccount = 1 | 2;
/** What the form submits. On sign-in, name and username are empty strings. */
export interface AuthFormValues {
  email: string;
  password: string;
  name: string;
  username: string;
}
/** Length bounds of the fields (the server's), set as `maxlength` / `minlength` on the inputs. */
export type AuthFieldLimits = Partial<Record<AuthField, { min?: number; max?: number }>>;

/** Props of {@link AuthForm}. */
export interface AuthFormProps {
  mode: AuthMode;
  /** Called with the field values when the (valid) form is submitted. */
  onSubmit: (values: AuthFormValues) => void;
  /** The 'Sign in Test User 1' / '… 2' buttons (the server holds the demo password). */
  onDemoSignIn: (testUser: DemoAccount) => void;
  /** While true the submit button shows a loader and every button is disabled. */
  busy?: boolean;
  /** A failure message, shown under the field it concerns (`errorField`). */
  error?: string | null;
  /** The field `error` is about (default: the password field). */
  errorField?: AuthField;
  /** Length bounds of the fields; minimums apply on sign-up only. */
  limits?: AuthFieldLimits;
  /** Demo accounts found in use by another visitor: the other one is offered instead. */
  demoInUse?: readonly DemoAccount[];
  /** A line under the demo buttons saying what happened to a demo sign-in and what to do. */
  demoNote?: string | null;
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
const DEMO_ACCOUNTS: readonly DemoAccount[] = [1, 2];

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
  errorField = 'password',
  limits = {},
  demoInUse = [],
  demoNote,
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
  const demoNoteId = `${id}-demo-note`;
  // On sign-in only email and password are shown: an error about another field goes under Password.
  const shownErrorField: AuthField =
    signUp || errorField === 'email' || errorField === 'password' ? errorField : 'password';
  const errorOf = (name: AuthField) => (error && shownErrorField === name ? error : null);

  const field = (name: AuthField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onFocus: () => onFieldFocus?.(name),
    onBlur: () => onFieldBlur?.(name),
    className: 'tb-input',
    maxLength: limits[name]?.max,
    minLength: signUp ? limits[name]?.min : undefined,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? errorId : undefined,
  });

  /** A labelled field with its error (if it has one) underneath. */
  const fieldBox = (name: AuthField, label: ReactNode, control: ReactNode) => {
    const text = errorOf(name);
    return (
      <div className="tb-field">
        <label className="tb-field__label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        {control}
        {text && (
          <p id={errorId} className="tb-field__error" role="alert">
            {text}
          </p>
        )}
      </div>
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit(signUp ? values : { ...values, name: '', username: '' });
  };

  const togglePassword = () => {
    setShowPassword(!showPassword);
    onPasswordVisibilityChange?.(!showPassword);
  };

  const offered = demoInUse.length === 1 ? DEMO_ACCOUNTS.find((n) => !demoInUse.includes(n)) : null;

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
            {fieldBox(
              'name',
              <>
                Name <span className="tb-field__hint">(optional)</span>
              </>,
              <input {...field('name')} type="text" autoComplete="name" />,
            )}
            {fieldBox(
              'username',
              'Username',
              <input {...field('username')} type="text" autoComplete="username" required />,
            )}
          </>
        )}
        {fieldBox(
          'email',
          'Email',
          <input {...field('email')} type="email" autoComplete="email" required />,
        )}
        {fieldBox(
          'password',
          'Password',
          <div className="tb-field__with-action">
            <input
              {...field('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete={signUp ? 'new-password' : 'current-password'}
              required
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
          </div>,
        )}
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
        {DEMO_ACCOUNTS.map((account) => (
          <button
            key={account}
            type="button"
            className={`tb-button ${account === offered ? 'tb-button--primary' : 'tb-button--secondary'}${demoInUse.includes(account) ? ' tb-auth__demo--in-use' : ''}`}
            disabled={busy}
            aria-describedby={demoNote ? demoNoteId : undefined}
            onClick={() => onDemoSignIn(account)}
          >
            {`Sign in Test User ${account}`}
          </button>
        ))}
      </div>
      {demoNote && (
        <p id={demoNoteId} className="tb-auth__demo-note" role="status">
          {demoNote}
        </p>
      )}
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
