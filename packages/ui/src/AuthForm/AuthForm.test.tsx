import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthForm } from './AuthForm';
import type { AuthFormProps } from './AuthForm';

function setup(overrides: Partial<AuthFormProps> = {}) {
  const props: AuthFormProps = {
    mode: 'signin',
    onSubmit: vi.fn(),
    onDemoSignIn: vi.fn(),
    ...overrides,
  };
  const view = render(<AuthForm {...props} />);
  return { props, view, user: userEvent.setup({ delay: null }) };
}

describe('AuthForm', () => {
  it('signs in with email and password; both are required and the email is type=email', async () => {
    const { props, user } = setup();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.queryByLabelText('Username')).toBeNull();
    await user.type(email, 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret-pass',
      name: '',
      username: '',
    });
  });

  it('does not submit while a required field is empty', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('asks for an optional name and a required username on sign-up', async () => {
    const { props, user } = setup({ mode: 'signup' });
    expect(screen.getByLabelText(/Name/)).not.toBeRequired();
    expect(screen.getByLabelText('Username')).toBeRequired();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw123456');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'pw123456',
      name: '',
      username: 'ada',
    });
  });

  it('shows and hides the password', async () => {
    const onPasswordVisibilityChange = vi.fn();
    const { user } = setup({ onPasswordVisibilityChange });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(onPasswordVisibilityChange).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows a loader and disables the buttons while busy', () => {
    setup({ busy: true });
    expect(screen.getByRole('status', { name: 'Signing in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sign in$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in Test User 1' })).toBeDisabled();
  });

  it('signs in the demo users', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in Test User 1' }));
    await user.click(screen.getByRole('button', { name: 'Sign in Test User 2' }));
    expect(props.onDemoSignIn).toHaveBeenNthCalledWith(1, 1);
    expect(props.onDemoSignIn).toHaveBeenNthCalledWith(2, 2);
  });

  it('shows the error under the password field', () => {
    setup({ error: 'Invalid credentials' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Invalid credentials');
  });

  it('shows an error under the field it concerns: a taken username under Username', () => {
    setup({ mode: 'signup', error: 'Username already exists', errorField: 'username' });
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      'Username already exists',
    );
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('puts an error about a sign-up-only field under Password on sign-in', () => {
    setup({ error: 'Username already exists', errorField: 'username' });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Username already exists',
    );
  });

  it("gives the inputs the server's length bounds (minimums on sign-up only)", () => {
    const limits = { name: { max: 60 }, username: { min: 3, max: 30 }, password: { min: 8 } };
    const { props, view } = setup({ mode: 'signup', limits });
    expect(screen.getByLabelText(/Name/)).toHaveAttribute('maxlength', '60');
    expect(screen.getByLabelText('Username')).toHaveAttribute('maxlength', '30');
    expect(screen.getByLabelText('Username')).toHaveAttribute('minlength', '3');
    expect(screen.getByLabelText('Password')).toHaveAttribute('minlength', '8');
    view.rerender(<AuthForm {...props} mode="signin" />);
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('minlength');
  });

  it('offers the other demo account when one is in use, and says why', () => {
    const note = 'Test User 1 is in use by another visitor right now. Try Test User 2.';
    setup({ demoInUse: [1], demoNote: note });
    const free = screen.getByRole('button', { name: 'Sign in Test User 2' });
    expect(free).toHaveClass('tb-button--primary');
    expect(free).toHaveAccessibleDescription(note);
    expect(screen.getByRole('button', { name: 'Sign in Test User 1' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent(note);
  });

  it('offers neither demo account as the way out when both are in use', () => {
    setup({ demoInUse: [1, 2], demoNote: 'Both demo accounts are in use right now.' });
    for (const name of ['Sign in Test User 1', 'Sign in Test User 2'])
      expect(screen.getByRole('button', { name })).not.toHaveClass('tb-button--primary');
  });

  it('links to the other mode and clears the form when the mode changes', async () => {
    const { props, view, user } = setup();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    view.rerender(<AuthForm {...props} mode="signup" />);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('reports field focus for the mascot and shows the given mood', async () => {
    const onFieldFocus = vi.fn();
    const onFieldBlur = vi.fn();
    const { user } = setup({ onFieldFocus, onFieldBlur, mascot: 'peek' });
    expect(screen.getByRole('img', { name: 'Owl mascot covering its eyes' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Password'));
    await user.click(screen.getByLabelText('Email'));
    expect(onFieldFocus).toHaveBeenNthCalledWith(1, 'password');
    expect(onFieldBlur).toHaveBeenCalledWith('password');
    expect(onFieldFocus).toHaveBeenNthCalledWith(2, 'email');
  });
});
