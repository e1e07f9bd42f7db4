import { useSyncExternalStore } from 'react';
import type { AppUpdate } from './serviceWorker';
import './UpdatePrompt.css';

/**
 * The notice that a new version of Tabula is ready: the user reloads into it when it suits
 * them (an open board is never reloaded from under them), or later.
 */
export function UpdatePrompt({ update }: { update: AppUpdate }) {
  const waiting = useSyncExternalStore(update.subscribe, update.waiting, update.waiting);
  if (!waiting) return null;
  return (
    <div className="tabula-update" role="status">
      <p className="tabula-update__text">A new version of Tabula is ready.</p>
      <button
        type="button"
        className="tb-button tb-button--primary tb-button--small"
        onClick={() => void update.apply()}
      >
        Reload
      </button>
      <button
        type="button"
        className="tb-button tb-button--ghost tb-button--small"
        onClick={() => update.dismiss()}
      >
        Later
      </button>
    </div>
  );
}
