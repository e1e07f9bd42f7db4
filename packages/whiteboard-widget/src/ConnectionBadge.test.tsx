import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConnectionBadge, connectionLabel } from './ConnectionBadge';

describe('ConnectionBadge', () => {
  it('names the status, with the changes waiting', () => {
    expect(connectionLabel('live')).toBe('Live');
    expect(connectionLabel('reconnecting', 0)).toBe('Reconnecting…');
    expect(connectionLabel('offline', 1)).toBe('Offline · 1 change waiting');
    expect(connectionLabel('signed-out', 3)).toBe('Signed out · 3 changes waiting');
    expect(connectionLabel('live', 0, 1)).toBe('Live · 1 not saved');
  });

  it('is a status region carrying its state', () => {
    const html = renderToStaticMarkup(<ConnectionBadge status="offline" pending={2} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('data-status="offline"');
    expect(html).toContain('Offline · 2 changes waiting');
  });
});
