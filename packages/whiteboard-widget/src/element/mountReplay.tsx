import { useMemo } from 'react';
import { ReplayPlayer } from '../replay/ReplayPlayer';
import { restHistorySource } from '../replay/restHistorySource';
import { httpFileTransport } from '../collab/fileTransport';
import type { ReplayViewProps, ViewLoader } from './elementTypes';
import { mount } from './reactRoot';
import { boardSheet, installDocumentStyles } from './shadowStyles';

/** `<tabula-replay>`'s React side, loaded when the first of them connects. */
function ReplayView({ server, canvas, token, theme }: ReplayViewProps) {
  const baseUrl = server.replace(/\/$/, '');
  const source = useMemo(
    () => restHistorySource({ baseUrl, canvasId: canvas, token: token ?? undefined }),
    [baseUrl, canvas, token],
  );
  const files = useMemo(() => httpFileTransport({ baseUrl, token: () => token }), [baseUrl, token]);
  return <ReplayPlayer source={source} files={files} theme={theme} />;
}

export const replayLoader: ViewLoader<ReplayViewProps> = {
  boardSheet,
  installDocumentStyles,
  mount: (container) =>
    mount(container, (props: ReplayViewProps) => (
      <ReplayView key={[props.server, props.canvas, props.token].join(' ')} {...props} />
    )),
};
