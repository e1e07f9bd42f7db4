import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActivityList } from './ActivityList';
import type { ActivitySession } from './ActivityList';

const SESSIONS: ActivitySession[] = [
  {
    id: '3',
    author: 'maria',
    when: '10:40 – 10:44',
    items: [
      {
        revision: 3,
        text: 'cleared the canvas',
        occurredAt: '2026-11-23T10:44:00Z',
        time: '10:44',
      },
      {
        revision: 2,
        text: 'drew 2 shapes',
        occurredAt: '2026-11-23T10:40:00Z',
        time: '10:40',
        labels: ['Draft'],
      },
    ],
  },
  {
    id: '1',
    author: '',
    when: '10:02',
    items: [
      {
        revision: 1,
        text: 'created the canvas',
        occurredAt: '2026-11-23T10:02:00Z',
        time: '10:02',
      },
    ],
  },
];

describe('ActivityList', () => {
  it('groups rows under their author, newest first, with labels and the current row marked', () => {
    render(<ActivityList sessions={SESSIONS} selectedRevision={2} onSelect={() => {}} />);
    const [first, second] = screen.getAllByRole('listitem', { name: /,/ });
    expect(first).toHaveAccessibleName('maria, 10:40 – 10:44');
    expect(
      within(first!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['cleared the canvas10:44', 'drew 2 shapes10:40Draft']);
    expect(within(first!).getByRole('button', { name: /drew 2 shapes/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(second).toHaveAccessibleName('A deleted account, 10:02');
  });

  it("offers a row's own action beside it", async () => {
    const onClick = vi.fn();
    const [session] = SESSIONS;
    const withAction = [
      {
        ...session!,
        items: [{ ...session!.items[0]!, action: { label: 'Undo the clear', onClick } }],
      },
    ];
    render(<ActivityList sessions={withAction} onSelect={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Undo the clear' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('moves the player to the revision of a clicked row', async () => {
    const onSelect = vi.fn();
    render(<ActivityList sessions={SESSIONS} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: /cleared the canvas/ }));
    expect(onSelect).toHaveBeenCalledWith(3);
  });

  it('loads older entries from the button and when scrolled to the end', async () => {
    const onLoadOlder = vi.fn();
    render(
      <ActivityList sessions={SESSIONS} hasOlder onSelect={() => {}} onLoadOlder={onLoadOlder} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    const region = screen.getByRole('region', { name: 'Activity' });
    fireEvent.scroll(region);
    expect(onLoadOlder).toHaveBeenCalledTimes(2);
  });

  it('does not ask again while a page is coming, and shows a failed page', () => {
    const onLoadOlder = vi.fn();
    const { rerender } = render(
      <ActivityList
        sessions={SESSIONS}
        hasOlder
        loadingOlder
        onSelect={() => {}}
        onLoadOlder={onLoadOlder}
      />,
    );
    expect(screen.getByRole('button', { name: /Load older/ })).toBeDisabled();
    fireEvent.scroll(screen.getByRole('region', { name: 'Activity' }));
    expect(onLoadOlder).not.toHaveBeenCalled();
    rerender(
      <ActivityList
        sessions={SESSIONS}
        hasOlder
        olderError="Offline."
        onSelect={() => {}}
        onLoadOlder={onLoadOlder}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Offline.');
  });

  it('shows loading, a failure with Try again, and an empty history', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ActivityList sessions={[]} loading onSelect={() => {}} />);
    expect(screen.getByRole('status', { name: 'Loading the activity' })).toBeInTheDocument();
    rerender(
      <ActivityList
        sessions={[]}
        error="Canvas not found."
        onRetry={onRetry}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Canvas not found.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<ActivityList sessions={[]} onSelect={() => {}} />);
    expect(screen.getByText('Nothing has happened on this canvas yet.')).toBeInTheDocument();
  });
});
