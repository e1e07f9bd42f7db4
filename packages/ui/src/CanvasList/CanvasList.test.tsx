import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CanvasList } from './CanvasList';

describe('CanvasList', () => {
  it("is the 'All Canvases' page linking to /canvas/:id", () => {
    render(<CanvasList kind="personal" items={[{ id: 'c1', name: 'Roadmap', timestamp: 0 }]} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Canvases');
    expect(screen.getByRole('link', { name: /Roadmap/ })).toHaveAttribute('href', '/canvas/c1');
  });

  it("is the 'All Live Canvases' page linking to /livecanvas/:id", () => {
    render(<CanvasList kind="live" items={[{ id: 'l1', name: 'Retro' }]} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Live Canvases');
    expect(screen.getByRole('link', { name: /Retro/ })).toHaveAttribute('href', '/livecanvas/l1');
  });

  it("shows each card's drawing when it has one, and when it was last edited", () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const { container } = render(
      <CanvasList
        kind="personal"
        now={now}
        items={[
          {
            id: 'c1',
            name: 'Roadmap',
            timestamp: '2026-03-01T09:00:00Z',
            editedAt: '2026-03-10T11:55:00Z',
            thumbnail: 'blob:roadmap',
          },
          {
            id: 'c2',
            name: 'Blank',
            timestamp: '2026-03-01T08:00:00Z',
            editedAt: '2026-03-01T08:00:00Z',
          },
        ]}
      />,
    );
    const [drawn, blank] = screen.getAllByRole('link');
    expect(drawn!.querySelector('img')).toHaveAttribute('src', 'blob:roadmap');
    expect(drawn).toHaveTextContent('edited 5 minutes ago');
    expect(screen.getByText('edited 5 minutes ago')).toHaveAttribute('title');
    expect(blank!.querySelector('img')).toBeNull();
    expect(blank).not.toHaveTextContent('edited');
    // The picture is decoration: the card's name is its link's name.
    expect(container.querySelectorAll('img[alt=""]')).toHaveLength(1);
  });

  it('shows empty states and a loader', () => {
    const { rerender } = render(<CanvasList kind="live" items={[]} />);
    expect(screen.getByText(/No live canvases yet/)).toBeInTheDocument();
    rerender(<CanvasList kind="personal" items={[]} />);
    expect(screen.getByText(/You have no canvases yet/)).toBeInTheDocument();
    rerender(<CanvasList kind="personal" items={[]} loading />);
    expect(screen.getByRole('status', { name: 'Loading canvases…' })).toBeInTheDocument();
  });

  it('creates a canvas from the personal page only', async () => {
    const onNew = vi.fn();
    const { rerender } = render(<CanvasList kind="personal" items={[]} onNew={onNew} />);
    await userEvent.click(screen.getByRole('button', { name: 'New canvas' }));
    expect(onNew).toHaveBeenCalledOnce();
    rerender(<CanvasList kind="live" items={[]} onNew={onNew} />);
    expect(screen.queryByRole('button', { name: 'New canvas' })).toBeNull();
  });
});
