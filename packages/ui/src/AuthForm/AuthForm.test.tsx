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
