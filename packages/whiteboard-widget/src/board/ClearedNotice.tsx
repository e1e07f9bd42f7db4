import { useEffect, useState } from 'react';
import type { ClearingFeed, ClearNotice } from '../collab/clearNotices';

/** How long a notice stays (the Undo with it): long enough to read it and change one's mind. */
export const CLEAR_NOTICE_MS = 15_000;

/** The newest notice of `feed` while it is shown (it goes after `CLEAR_NOTICE_MS`), or null. */
function useClearNotice(feed: ClearingFeed | undefined) {
  const [notice, setNotice] = useState<ClearNotice | null>(null);
  useEffect(() => {
    if (!feed) return undefined;
    const subscription = feed.notice$.subscribe(setNotice);
    return () => subscription.unsubscribe();
  }, [feed]);
  useEffect(() => {
    if (notice === null) return undefined;
    const timer = setTimeout(() => setNotice(null), CLEAR_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, () => setNotice(null)] as const;
}

/**
 * On the board, after a clear: "<name> cleared the canvas" with Undo (which brings the
 * elements back for everyone), or why a clear was refused. A polite live region.
 */
export function ClearedNotice({ feed }: { feed: ClearingFeed | undefined }) {
  const [notice, dismiss] = useClearNotice(feed);
  const [undoing, setUndoing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setFailure(null), [notice]);
  if (!feed || notice === null) return <div role="status" className="tabula-clear-notice-region" />;
  const undo = async (revision: number) => {
    setUndoing(true);
    const outcome = await feed.undo(revision);
    setUndoing(false);
    if (outcome.ok) dismiss();
    else setFailure(outcome.message);
  };
  return (
    <div role="status" className="tabula-clear-notice-region">
      <div className="tabula-clear-notice" data-kind={notice.kind}>
        <span>{failure ?? notice.text}</span>
        {notice.kind === 'cleared' && (
          <button
            type="button"
            className="tabula-clear-notice-undo"
            disabled={undoing}
            onClick={() => void undo(notice.revision)}
          >
            Undo
          </button>
        )}
        <button
          type="button"
          className="tabula-clear-notice-dismiss"
          aria-label="Dismiss"
          onClick={dismiss}
        >
          ×
        </button>
      </div>
    </div>
  );
}
