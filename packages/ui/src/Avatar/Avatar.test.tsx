import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './Avatar';

describe('Avatar', () => {
  it('shows the photo with the name as alt text', () => {
    render(<Avatar name="Ada Lovelace" src="/ada.png" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
  });

  it('falls back to initials without a photo or when it fails to load', () => {
    const { rerender } = render(<Avatar name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
    rerender(<Avatar name="Ada Lovelace" src="/broken.png" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });

  it('derives initials from usernames too, by the rule the server draws avatars with', () => {
    expect(initialsOf('grace_hopper')).toBe('GH');
    // One word: its first two letters (the server's avatar of 'lea' says 'LE', never 'L').
    expect(initialsOf('lea')).toBe('LE');
    expect(initialsOf('ümit')).toBe('M');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('Avatar status', () => {
  it('adds a dot and its meaning to the name only when given a status', () => {
    const { rerender } = render(<Avatar name="Ada" status="here now" />);
    expect(screen.getByRole('img', { name: 'Ada, here now' })).toBeInTheDocument();
    expect(screen.getByTestId('avatar-status-dot')).toBeInTheDocument();
    rerender(<Avatar name="Ada" src="/ada.png" />);
    expect(screen.getByRole('img', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.queryByTestId('avatar-status-dot')).toBeNull();
  });
});
