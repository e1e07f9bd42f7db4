/**
 * The page the replay's Chromium test and benchmark drive: a full-window `<ReplayPlayer>` over
 * the real server (`server`, `token`, `canvas` in the query string), or over a source whose
 * calls all fail (`fail=1`). It exposes what they read as `window.__replay`.
 */
import '@excalidraw/excalidraw/index.css';
import '../../../styles.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ReplayPlayer, restHistorySource, setExcalidrawAssetPath } from '../../index';
import type { HistorySource, ReplayExportKind, ReplayPlayerHandle } from '../../index';

interface Exported {
  kind: ReplayExportKind;
  type: string;
  size: number;
  /** The first bytes, as numbers (a PNG's signature, WebM's EBML header). */
  head: number[];
  /** An SVG's text. */
  text?: string;
}

interface ReplayHarness {
  player: ReplayPlayerHandle | null;
  exported: Exported[];
  /** Every revision `onRevisionChange` reported. */
  revisions: number[];
  /** performance.now() when the page started to mount the player. */
  mountedAt: number;
  /** performance.now() at the first animation frame after the board was given a drawing. */
  firstFrameAt: number | null;
  /** performance.now() when the first scene call answered (parsed). */
  sceneAnsweredAt: number | null;
  /** Sets the controlled `revision` prop. */
  setRevision(revision: number | undefined): void;
}

declare global {
  interface Window {
    __replay: ReplayHarness;
  }
}

setExcalidrawAssetPath('/excalidraw-assets/');
const params = new URLSearchParams(window.location.search);
const harness: ReplayHarness = {
  player: null,
  exported: [],
  revisions: [],
  mountedAt: performance.now(),
  firstFrameAt: null,
  sceneAnsweredAt: null,
  setRevision: () => undefined,
};
window.__replay = harness;

const failing: HistorySource = {
  history: () => Promise.reject(new Error('The test source refuses every call.')),
  replay: () => Promise.reject(new Error('The test source refuses every call.')),
  sceneAt: () => Promise.reject(new Error('The test source refuses every call.')),
  elementHistory: () => Promise.reject(new Error('The test source refuses every call.')),
  checkpoints: () => Promise.reject(new Error('The test source refuses every call.')),
};

const rest = restHistorySource({
  baseUrl: params.get('server') ?? '',
  canvasId: params.get('canvas') ?? '',
  token: params.get('token') ?? undefined,
});
const source: HistorySource =
  params.get('fail') === '1'
    ? failing
    : {
        ...rest,
        sceneAt: async (revision) => {
          const scene = await rest.sceneAt(revision);
          harness.sceneAnsweredAt ??= performance.now();
          return scene;
        },
      };

async function record(kind: ReplayExportKind, blob: Blob): Promise<void> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  harness.exported.push({
    kind,
    type: blob.type,
    size: blob.size,
    head: Array.from(bytes.slice(0, 8)),
    text: kind === 'svg' ? new TextDecoder().decode(bytes) : undefined,
  });
}

function Page() {
  const [revision, setRevision] = useState<number | undefined>(undefined);
  harness.setRevision = setRevision;
  const initial = params.get('at');
  return (
    <ReplayPlayer
      ref={(handle) => {
        harness.player = handle;
      }}
      source={source}
      revision={revision}
      initialRevision={initial === null ? undefined : Number(initial)}
      onRevisionChange={(next) => harness.revisions.push(next)}
      onExport={(kind, blob) => void record(kind, blob)}
    />
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
requestAnimationFrame(function watchFirstFrame(now) {
  if ((harness.player?.shown().length ?? 0) > 0) harness.firstFrameAt = now;
  else requestAnimationFrame(watchFirstFrame);
});
