import { describe, expect, it } from 'vitest';
import { storageWarning, syncLabel, syncTime } from './offlineNotices';
import { excalidrawFile, refusedFileName } from './refusedChanges';

const kept = (lastSyncedAt: number | null) => ({
  copy: 'kept' as const,
  lastSyncedAt,
  unavailable: false,
});

describe('the board’s offline notices', () => {
  it('says when the device’s copy was last in step, offline only', () => {
    const at = new Date(2026, 11, 4, 10, 42).getTime();
    // Synced ten minutes ago, today: the time alone.
    const label = syncLabel('offline', 2, 0, kept(at), at + 600_000);
    expect(label).toBe(`Offline · 2 changes waiting · last synced ${syncTime(at, at)}`);
    expect(syncTime(at, at)).not.toContain(',');
    expect(syncLabel('live', 0, 0, kept(at))).toBe('Live');
    expect(syncLabel('offline', 0, 0, kept(null))).toBe('Offline');
    // Another day: with the date.
    expect(syncTime(at, at + 2 * 86_400_000)).toContain(',');
  });

  it('warns from nearly full on, and says so differently once a change could not be kept', () => {
    expect(storageWarning(null)).toBeNull();
    expect(storageWarning({ usage: 1, quota: 10, nearlyFull: false, full: false })).toBeNull();
    expect(storageWarning({ usage: 9.5e6, quota: 1e7, nearlyFull: true, full: false })).toContain(
      'nearly full (9.1 MB of 9.5 MB)',
    );
    expect(storageWarning({ usage: 1e7, quota: 1e7, nearlyFull: true, full: true })).toContain(
      'storage is full',
    );
  });

  it('offers refused changes as an Excalidraw file with the pictures they show', async () => {
    const picture = {
      id: 'f1',
      mimeType: 'image/png',
      dataURL: 'data:image/png;base64,AA',
      created: 1,
    };
    const other = { ...picture, id: 'f2' };
    const elements = [
      { id: 'e1', type: 'image', fileId: 'f1' },
      { id: 'e2', type: 'freedraw' },
    ] as never[];
    const file = JSON.parse(await excalidrawFile(elements, [picture, other], 'http://x').text());
    expect(file).toMatchObject({ type: 'excalidraw', version: 2, source: 'http://x' });
    expect(file.elements.map((e: { id: string }) => e.id)).toEqual(['e1', 'e2']);
    expect(Object.keys(file.files)).toEqual(['f1']);
    expect(refusedFileName('Roadmap: 2027')).toBe('Roadmap 2027 (offline changes).excalidraw');
  });
});
