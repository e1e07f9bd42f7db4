/**
 * What a page said while a test ran (console warnings and errors, uncaught errors, its
 * WebSockets opening and closing), kept per page so a failure can show it.
 */
import type { Page } from 'playwright-core';

const LIMIT = 40;
const logs = new WeakMap<Page, string[]>();

function keep(page: Page, line: string): void {
  let log = logs.get(page);
  if (!log) logs.set(page, (log = []));
  log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (log.length > LIMIT) log.shift();
}

/** Starts keeping the page's log (call once, right after the page is made). */
export function keepPageLog(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      keep(page, `console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(page, `pageerror: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) keep(page, `navigated to ${new URL(frame.url()).pathname}`);
  });
  page.on('websocket', (socket) => {
    keep(page, 'websocket opened');
    socket.on('close', () => keep(page, 'websocket closed'));
    socket.on('socketerror', (error) => keep(page, `websocket error: ${error}`));
  });
}

/** The page's log so far, one line per entry (the last 40). */
export function pageLog(page: Page): string {
  return (logs.get(page) ?? []).join('\n') || '(nothing logged)';
}
