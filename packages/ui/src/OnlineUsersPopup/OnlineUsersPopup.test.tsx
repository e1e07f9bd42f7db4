import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnlineUsersPopup } from './OnlineUsersPopup';

describe('OnlineUsersPopup', () => {
  it('titles itself and lists each user with its action', () => {
    render(
      <OnlineUsersPopup
        open
        onClose={() => {}}
        users={[
          { id: 'u1', username: 'ada' },
          { id: 'u2', username: 'grace' },
        ]}
        renderAction={(user) => <button type="button">Invite {user.username}</button>}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'All Online Users' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Online users' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('button', { name: 'Invite grace' })).toBeInTheDocument();
  });

  it('says when no one is online', () => {
    render(<OnlineUsersPopup open onClose={() => {}} users={[]} renderAction={() => null} />);
    expect(screen.getByText('*No one is Online.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
    // An empty state, announced politely: not an alert.
    expect(screen.getByRole('status')).toHaveTextContent('*No one is Online.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline, says so instead of a list that may be stale', () => {
    render(
      <OnlineUsersPopup
        open
        offline
        onClose={() => {}}
        users={[{ id: 'u1', username: 'ada' }]}
        renderAction={(user) => <button type="button">Invite {user.username}</button>}
        footer={<button type="button">Show more</button>}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button', { name: /Invite|Show more/ })).toBeNull();
  });
});
