import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { createApiClient } from '../api/apiClient';
import type { ApiClient } from '../api/apiClient';
import { alertMachine } from '../features/alerts/alertMachine';
import type { AlertType } from '../features/alerts/alertMachine';
import type { Session } from '../features/auth/session';
import type { RealtimeClient } from '../realtime/realtimeClient';
import { createRealtimeSession } from '../realtime/realtimeSession';
import type { RealtimeSession } from '../realtime/realtimeSession';
import { createAppStore } from './appStore';
import type { AppStore } from './appStore';
import { update } from './appState';
import { STORAGE_KEYS } from './constants';

/** The part of `localStorage` the app uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Everything the screens share: clients, the store, the alert toast and session helpers. */
export interface AppServices {
  api: ApiClient;
  store: AppStore;
  realtime: RealtimeSession;
  storage: KeyValueStorage;
  alerts: ActorRefFrom<typeof alertMachine>;
  /** Shows the layout's alert toast. */
  showAlert(text: string, type: AlertType): void;
  /** Opens the realtime connection for the session and asks `check-if-logged-in`. */
  checkLoggedInElsewhere(session: Session): Promise<boolean>;
  /** Saves the token, keeps the user and makes sure the realtime connection is open. */
  storeSession(session: Session): void;
  /** Removes the stored 'token' and 'background-color'. */
  clearStorage(): void;
  /** Forgets the session in memory and closes the realtime connection. */
  clearState(): void;
  /** The stored token. */
  token(): string | null;
}

/** Where the app talks to; '' means the page's own origin. */
export interface ServicesOptions {
  apiBaseUrl?: string;
  socketUrl?: string;
  storage: KeyValueStorage;
  /** Injected for tests; defaults to socket.io-client. */
  openRealtime?: (token: string) => RealtimeClient | Promise<RealtimeClient>;
  fetch?: typeof fetch;
}

/** Builds the app's services (one per page load; tests build their own). */
export function createServices(options: ServicesOptions): AppServices {
  const { storage } = options;
  const token = () => storage.getItem(STORAGE_KEYS.token);
  const store = createAppStore();
  const api = createApiClient({
    baseUrl: options.apiBaseUrl ?? '',
    getToken: token,
    fetch: options.fetch,
  });
  const realtime = createRealtimeSession(
    options.openRealtime ??
      (async (t) =>
        (await import('../realtime/connectRealtime')).connectRealtime(options.socketUrl ?? '', t)),
  );
  const alerts = createActor(alertMachine).start();

  return {
    api,
    store,
    realtime,
    storage,
    alerts,
    token,
    showAlert(text, type) {
      alerts.send({ type: 'alert.show', text, alertType: type });
    },
    async checkLoggedInElsewhere(session) {
      try {
        const client = await realtime.connect(session.token);
        const elsewhere = await client.checkLoggedInElsewhere(session.user.id);
        if (elsewhere) realtime.disconnect();
        return elsewhere;
      } catch (error) {
        realtime.disconnect();
        throw error;
      }
    },
    storeSession(session) {
      storage.setItem(STORAGE_KEYS.token, session.token);
      realtime.connect(session.token).catch(() => {
        // Superseded by a sign-out or another sign-in: nothing to keep.
      });
      store.set((state) => update.signedIn(state, session));
    },
    clearStorage() {
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.backgroundColor);
    },
    clearState() {
      realtime.disconnect();
      store.set(update.signedOut);
    },
  };
}
