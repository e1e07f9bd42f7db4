import { describe, expect, it } from 'vitest';
import { disconnectedStatus } from './connectionStatus';

describe('disconnectedStatus', () => {
  it('says connecting before the first join and reconnecting after it', () => {
    expect(disconnectedStatus('connecting', true, false)).toBe('connecting');
    expect(disconnectedStatus('connecting', true, true)).toBe('reconnecting');
  });

  it('says offline when the browser is offline or the transport gave up', () => {
    expect(disconnectedStatus('connecting', false, true)).toBe('offline');
    expect(disconnectedStatus('disconnected', true, true)).toBe('offline');
  });

  it('says signed-out when the server refused the session, online or not', () => {
    expect(disconnectedStatus('unauthorized', false, true)).toBe('signed-out');
  });
});
