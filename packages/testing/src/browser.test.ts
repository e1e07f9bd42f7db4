import { describe, expect, it } from 'vitest';
import { isLocalUrl } from './browser';

describe('isLocalUrl', () => {
  it.each([
    'http://127.0.0.1:4000/canvases',
    'ws://127.0.0.1:4000/socket.io/?EIO=4&transport=websocket',
    'http://localhost:3000/',
    'http://[::1]:3000/',
    'data:image/png;base64,AAAA',
    'blob:http://127.0.0.1:4000/5f1c',
    'about:blank',
  ])('keeps %s on this machine', (url) => {
    expect(isLocalUrl(url)).toBe(true);
  });

  it.each([
    'https://esm.sh/@excalidraw/excalidraw/fonts/Virgil.woff2',
    'https://fonts.googleapis.com/css2?family=Inter',
    'http://127.0.0.1.example.com/',
    'http://10.0.0.2:3000/',
    'not a url',
  ])('flags %s as leaving it', (url) => {
    expect(isLocalUrl(url)).toBe(false);
  });
});
