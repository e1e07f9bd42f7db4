import '@tabula/whiteboard/styles.css';
import { useMemo } from 'react';
import { CHECKBOX_CLASS, Loader, SELECT_CLASS } from '@tabula/ui';
import { httpFileTransport } from '@tabula/whiteboard/collab';
import { ReplayPlayer, restHistorySource } from '@tabula/whiteboard/replay';
import type { ReplayClassNames } from '@tabula/whiteboard/replay';
import { useServices } from '../../app/ServicesContext';
import { useRealtimeClient } from '../../realtime/useRealtimeClient';

/** The player's controls in the app's look (packages/ui's buttons, select, checkbox, input). */
const APP_LOOK: ReplayClassNames = {
  button: 'tb-button tb-button--secondary tb-button--small',
  select: SELECT_CLASS,
  checkbox: CHECKBOX_CLASS,
  input: 'tb-input tw-history__number',
};

/** Props of {@link HistoryPlayer}. */
export interface HistoryPlayerProps {
  canvasId: string;
  /** The revision chosen in the list (null: the player goes where it likes). */
  revision: number | null;
  /** Where the player is now (it moved: opened, played, scrubbed, stepped, sought). */
  onMoved: (revision: number) => void;
}

/**
 * The widget's replay player over REST, hearing new entries on the tab's socket (which the
 * screen keeps in the canvas room), drawing images from the files it fetches. What it reports never comes back to it as `revision`: the
 * screen keeps the chosen revision and the player's own position apart, so the two cannot
 * chase each other.
 */
export function HistoryPlayer({ canvasId, revision, onMoved }: HistoryPlayerProps) {
  const services = useServices();
  const client = useRealtimeClient(services.realtime);
  const socket = client?.socket ?? null;
  const token = services.token();
  const source = useMemo(
    () => socket && restHistorySource({ baseUrl: '', canvasId, token: token ?? undefined, socket }),
    [canvasId, token, socket],
  );
  // Image files come over REST, as on the live board, with the session's token.
  const files = useMemo(() => httpFileTransport({ token: () => services.token() }), [services]);
  if (!source) return <Loader label="Opening the history…" />;
  return (
    <ReplayPlayer
      source={source}
      files={files}
      revision={revision ?? undefined}
      onRevisionChange={onMoved}
      className="tw-history__player"
      classNames={APP_LOOK}
    />
  );
}
