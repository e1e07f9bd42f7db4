import '@tabula/whiteboard/styles.css';
import { useCallback, useMemo } from 'react';
import { Loader } from '@tabula/ui';
import { ReplayPlayer, restHistorySource } from '@tabula/whiteboard/replay';
import type { HistoryEntry } from '@tabula/domain/protocol';
import { useServices } from '../../app/ServicesContext';
import { useRealtimeClient } from '../../realtime/useRealtimeClient';
import { sameScene } from './activityText';

/** Props of {@link HistoryPlayer}. */
export interface HistoryPlayerProps {
  canvasId: string;
  /** The revision chosen in the list or the bar (null: open at the newest). */
  revision: number | null;
  /** The player moved (playing, scrubbing, stepping). */
  onRevisionChange: (revision: number) => void;
  /** The history so far, newest first. */
  entries: readonly HistoryEntry[];
}

/**
 * The widget's replay player over REST, hearing new entries on the tab's socket (which the
 * screen keeps in the canvas room). The player steps through drawings only: when it reports a
 * drawing revision for a chosen entry that left the drawing as it was (a rename, a named
 * version), the chosen entry stays chosen.
 */
export function HistoryPlayer({
  canvasId,
  revision,
  onRevisionChange,
  entries,
}: HistoryPlayerProps) {
  const services = useServices();
  const client = useRealtimeClient(services.realtime);
  const socket = client?.socket ?? null;
  const token = services.token();
  const source = useMemo(
    () => socket && restHistorySource({ baseUrl: '', canvasId, token: token ?? undefined, socket }),
    [canvasId, token, socket],
  );
  const onChange = useCallback(
    (reported: number) => {
      if (revision === null || !sameScene(entries, reported, revision)) onRevisionChange(reported);
    },
    [entries, revision, onRevisionChange],
  );
  if (!source) return <Loader label="Opening the history…" />;
  return (
    <ReplayPlayer
      source={source}
      revision={revision ?? undefined}
      onRevisionChange={onChange}
      className="tw-history__player"
    />
  );
}
