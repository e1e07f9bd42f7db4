/// <reference types="vite-plugin-pwa/client" />
/**
 * Registers the app's service worker (built by vite-plugin-pwa, Workbox: it precaches the app
 * shell, the board's code and Excalidraw's fonts so the app loads without network) and holds
 * whether a new version is waiting. A new version never takes over a page by itself: it waits
 * until the user chooses to reload (UpdatePrompt) or every Tabula tab is closed, so an open
 * board keeps running the code it started with (docs/offline.md "The app shell").
 */

/** How often an open tab asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Whether a new version is waiting, and the way to switch to it. */
export interface AppUpdate {
  /** True once a new version is installed and waiting for this page. */
  waiting(): boolean;
  subscribe(listener: () => void): () => void;
  /** Lets the waiting version take over and reloads the page with it. */
  apply(): Promise<void>;
  /** Hides the notice until the next new version (the update still applies once all tabs close). */
  dismiss(): void;
}

/**
 * Registers the service worker (when the browser has them) and follows its updates. The
 * registration code (workbox-window) loads on its own, off the landing page's bundle.
 */
export function registerAppServiceWorker(): AppUpdate {
  const listeners = new Set<() => void>();
  let waiting = false;
  const notify = () => listeners.forEach((listener) => listener());
  const registered =
    'serviceWorker' in navigator
      ? import('virtual:pwa-register').then(({ registerSW }) =>
          registerSW({
            onNeedRefresh() {
              waiting = true;
              notify();
            },
            onRegisteredSW(_url, registration) {
              if (!registration) return;
              const check = () => {
                if (navigator.onLine) registration.update().catch(() => undefined);
              };
              // A tab left open for days still learns of a new version.
              setInterval(check, UPDATE_CHECK_MS);
              window.addEventListener('online', check);
            },
          }),
        )
      : null;
  return {
    waiting: () => waiting,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply: async () => {
      const updateServiceWorker = await registered;
      await updateServiceWorker?.(true);
    },
    dismiss() {
      waiting = false;
      notify();
    },
  };
}
