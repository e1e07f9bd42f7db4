import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LiveSidebar } from './LiveSidebar';

const LIVE = [
  { canvasId: 'l1', canvasName: 'Team retro' },
  { canvasId: 'l2', canvasName: 'Launch plan' },
];

describe('LiveSidebar', () => {
  it('links each live canvas to /livecanvas/:id', () => {
    render(<LiveSidebar canvases={LIVE} activeId="l2" onLeave={() => {}} />);
    expect(screen.getByRole('link', { name: 'Team retro' })).toHaveAttribute(
      'href',
      '/livecanvas/l1',
    );
    expect(screen.getByRole('link', { name: 'Launch plan' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('leaves a canvas', async () => {
    const onLeave = vi.fn();
    render(<LiveSidebar canvases={LIVE} onLeave={onLeave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Leave Launch plan' }));
    expect(onLeave).toHaveBeenCalledWith('l2');
  });

  it('shows an empty state', () => {
    render(<LiveSidebar canvases={[]} onLeave={() => {}} />);
    expect(screen.getByText(/No live canvases yet/)).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the people of the open canvas by name, the dot on those here now', () => {
    render(
      <LiveSidebar
        canvases={LIVE}
        onLeave={() => {}}
        people={[
          { id: 'u2', name: 'grace', here: true },
          { id: 'u1', name: 'ada', note: 'owner' },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'On this canvas' });
    expect(section).toHaveTextContent('grace');
    expect(section).toHaveTextContent('adaowner');
    expect(screen.getByRole('img', { name: 'grace, here now' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'ada' })).toBeInTheDocument();
  });

  it('has no people section without people', () => {
    render(<LiveSidebar canvases={LIVE} onLeave={() => {}} />);
    expect(screen.queryByRole('region', { name: 'On this canvas' })).toBeNull();
  });
});
