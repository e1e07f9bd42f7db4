import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvatarGroup } from './AvatarGroup';

const PEOPLE = [
  { id: 'u1', name: 'grace_hopper', here: true },
  { id: 'u2', name: 'ada', note: 'owner' },
  { id: 'u3', name: 'linus', here: true },
  { id: 'u4', name: 'barbara' },
  { id: 'u5', name: 'edsger' },
];

describe('AvatarGroup', () => {
  it('shows each person with their name, the dot only on those here now', () => {
    render(<AvatarGroup people={PEOPLE.slice(0, 3)} label="People on this canvas" />);
    const list = screen.getByRole('list', { name: 'People on this canvas' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    for (const name of ['grace_hopper', 'ada', 'linus']) {
      expect(within(list).getByText(name)).toBeVisible();
    }
    expect(within(list).getByRole('img', { name: 'grace_hopper, here now' })).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'ada' })).toBeInTheDocument();
    expect(within(list).getAllByTestId('avatar-status-dot')).toHaveLength(2);
    expect(within(list).getByText('owner')).toBeInTheDocument();
  });

  it('shows the first three in a row and names the rest in "+n more"', () => {
    render(<AvatarGroup people={PEOPLE} label="People" />);
    expect(screen.queryByText('barbara')).toBeNull();
    const more = screen.getByText('+2 more');
    expect(more).toHaveAttribute('title', 'barbara, edsger');
    expect(more).toHaveAccessibleName('2 more: barbara, edsger');
  });

  it('lists everyone in a list layout', () => {
    render(<AvatarGroup people={PEOPLE} label="People" layout="list" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText(/more/)).toBeNull();
  });
});
