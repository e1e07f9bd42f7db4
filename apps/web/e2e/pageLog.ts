/**
 * What a page said while a test ran (console warnings and errors, uncaught errors, navigations,
 * failed requests, its WebSockets opening and closing, every toast it showed), kept per page so
 * a failure can show it.
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

/**
 * Starts keeping the page's log (call once, right after the page is made). Toasts are seen by a
 * MutationObserver in the page, so one that shows for a moment is logged too.
 */
export async function keepPageLog(page: Page): Promise<void> {
  await page.exposeFunction('__tabulaLogToast', (text: string) => keep(page, `toast: ${text}`));
  await page.addInitScript(() => {
    const seen = new WeakMap<Element, string>();
    const report = (window as unknown as { __tabulaLogToast: (text: string) => void })
      .__tabulaLogToast;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[role=alert],[role=status]')) {
        const text = toast.textContent?.trim() ?? '';
        if (text && seen.get(toast) !== text) {
          seen.set(toast, text);
          report(text);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      keep(page, `console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(page, `pageerror: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) keep(page, `navigated to ${new URL(frame.url()).pathname}`);
  });
  page.on('requestfailed', (request) =>
    keep(page, `request failed: ${request.method()} ${new URL(request.url()).pathname}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      keep(page, `${response.status()} ${new URL(response.url()).pathname}`);
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
