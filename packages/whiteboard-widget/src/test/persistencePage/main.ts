/**
 * A page for driving `indexedDbPersistence` in Chromium (real IndexedDB, Web Locks,
 * BroadcastChannel): tests call it through `window.__kept`.
 */
import { indexedDbPersistence } from '../../collab/persistence/indexedDbPersistence';

declare global {
  interface Window {
    __kept: { indexedDbPersistence: typeof indexedDbPersistence };
  }
}

window.__kept = { indexedDbPersistence };
