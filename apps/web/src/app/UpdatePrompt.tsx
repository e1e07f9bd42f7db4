import { useSyncExternalStore } from 'react';
import type { AppUpdate, UpdateNotice } from './serviceWorker';
import './UpdatePrompt.css';

const TEXTS: Record<Exclude<UpdateNotice, 'none'>, string> = {
  waiting: 'A new version of Tabula is ready.',
  takenOver: 'Tabula was updated in another tab. Reload this page to use the new version.',
};

/**
 * The notice that a new version of Tabula is ready: the user reloads into it when it suits
 * them (an open board is never reloaded from under them), or later.
 */
export function UpdatePrompt({ update }: { update: AppUpdate }) {
  const notice = useSyncExternalStore(update.subscribe, update.notice, update.notice);
  if (notice === 'none') return null;
  return (
    <div className="tabula-update" role="status">
      <p className="tabula-update__text">{TEXTS[notice]}</p>
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
