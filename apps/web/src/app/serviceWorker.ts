/**
 * Registers the app's service worker (built by vite-plugin-pwa, Workbox: it precaches the app
 * shell, the board's code and Excalidraw's fonts so the app loads without network) and follows
 * its updates with the browser's own API (the plugin's workbox-window glue would add 4 KB to
 * every cold open for the same three events). A new version never reloads a page by itself: it waits until the user chooses
 * Reload (UpdatePrompt) or every Tabula tab is closed; when another tab let it take over, this
 * page is told and keeps running the code it started with until the user reloads it, so an
 * open board is never pulled from under them (docs/offline.md "The app shell").
 */

/** The service worker vite-plugin-pwa writes (its default name), for the whole origin. */
const SERVICE_WORKER_URL = '/sw.js';

/** How often an open tab asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * What the page shows about versions: nothing; a new version is waiting (Reload lets it take
 * over); or a new version took over from another tab (Reload picks it up here).
 */
export type UpdateNotice = 'none' | 'waiting' | 'takenOver';

/** The update notice's state, and the ways to act on it. */
export interface AppUpdate {
  notice(): UpdateNotice;
  subscribe(listener: () => void): () => void;
  /** Lets the waiting version take over (if any) and reloads the page with it. */
  apply(): Promise<void>;
  /** Hides the notice (a waiting version still takes over once every tab is closed). */
  dismiss(): void;
}

/**
 * Watches a registration for a new version that installed and now waits: one waits only when
 * a page is already controlled (the very first worker activates at once).
 */
function watchForWaiting(registration: ServiceWorkerRegistration, onWaiting: () => void): void {
  const isWaiting = (worker: ServiceWorker) =>
    worker.state === 'installed' && navigator.serviceWorker.controller !== null;
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    if (isWaiting(worker)) onWaiting();
    else worker.addEventListener('statechange', () => isWaiting(worker) && onWaiting());
  };
  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

/** Registers the service worker (when the browser has them) and follows its updates. */
export function registerAppServiceWorker(): AppUpdate {
  const listeners = new Set<() => void>();
  let notice: UpdateNotice = 'none';
  let applying = false;
  const show = (next: UpdateNotice) => {
    notice = next;
    listeners.forEach((listener) => listener());
  };
  if ('serviceWorker' in navigator) {
    const workers = navigator.serviceWorker;
    let controlled = workers.controller !== null;
    workers.addEventListener('controllerchange', () => {
      // The first service worker claiming this page is no new version.
      if (!controlled) {
        controlled = true;
        return;
      }
      // A new version controls this page now: reload only when this page asked for it.
      if (applying) window.location.reload();
      else show('takenOver');
    });
    workers
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .then((registration) => {
        watchForWaiting(registration, () => show('waiting'));
        const check = () => {
          if (navigator.onLine) registration.update().catch(() => undefined);
        };
        // A tab left open for days still learns of a new version.
        setInterval(check, UPDATE_CHECK_MS);
        window.addEventListener('online', check);
      })
      .catch(() => {
        // No service worker (a private window may refuse it): the app works online as before.
      });
  }
  return {
    notice: () => notice,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async apply() {
      applying = true;
      const waiting = (await navigator.serviceWorker?.getRegistration())?.waiting;
      // The waiting version takes over (Workbox's SKIP_WAITING), then the listener reloads;
      // with none waiting (another tab let it in), the page reloads into it now.
      if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' });
      else window.location.reload();
    },
    dismiss: () => show('none'),
  };
}
