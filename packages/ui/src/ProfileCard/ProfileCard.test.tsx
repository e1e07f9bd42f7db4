import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProfileCard } from './ProfileCard';

const ADA = { username: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' };

describe('ProfileCard', () => {
  it("shows 'Your Profile' with the user's details and an edit button", async () => {
    const onEdit = vi.fn();
    render(
      <ProfileCard
        user={ADA}
        editing={false}
        onEdit={onEdit}
        onSave={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.getAllByText('ada@example.com').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('edits name and username from prefilled inputs', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <ProfileCard user={ADA} editing onEdit={() => {}} onSave={onSave} onCancel={() => {}} />,
    );
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Ada Lovelace');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'countess');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Ada Lovelace', username: 'countess' });
  });

  it('cancels and shows errors', async () => {
    const onCancel = vi.fn();
    render(
      <ProfileCard
        user={ADA}
        editing
        error="Username taken"
        onEdit={() => {}}
        onSave={() => {}}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Username taken');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
