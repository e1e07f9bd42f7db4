import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TopBar } from './TopBar';

describe('TopBar', () => {
  it('links the product name home and shows the three spec links', () => {
    render(<TopBar user={null} onSignOut={() => {}} />);
    expect(screen.getByRole('link', { name: 'Tabula' })).toHaveAttribute('href', '/');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Canvases' })).toHaveAttribute('href', '/canvases');
    expect(nav.getByRole('link', { name: 'Live canvases' })).toHaveAttribute(
      'href',
      '/livecanvases',
    );
  });

  it('offers Sign in to a visitor', () => {
    render(<TopBar user={null} onSignOut={() => {}} />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('shows the signed-in user linking to /profile and signs out', async () => {
    const onSignOut = vi.fn();
    render(<TopBar user={{ username: 'ada' }} onSignOut={onSignOut} />);
    expect(screen.getByRole('link', { name: /ada/ })).toHaveAttribute('href', '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('marks the current page', () => {
    render(<TopBar user={null} onSignOut={() => {}} currentPath="/canvases" />);
    expect(screen.getByRole('link', { name: 'Canvases' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the menu overlay and closes it on a link or Escape', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <TopBar
        user={null}
        onSignOut={() => {}}
        renderLink={({ href, children, onClick }) => (
          <a
            href={href}
            onClick={(event) => {
              event.preventDefault();
              onClick?.();
            }}
          >
            {children}
          </a>
        )}
      />,
    );
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Canvases' }));
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('renders links through renderLink', () => {
    render(
      <TopBar
        user={null}
        onSignOut={() => {}}
        renderLink={({ href, children }) => <a href={`#${href}`}>{children}</a>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Tabula' })).toHaveAttribute('href', '#/');
  });

  it('can start with the menu open', () => {
    render(<TopBar user={{ username: 'ada' }} onSignOut={() => {}} defaultMenuOpen />);
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
