import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { ElementHistoryItem } from '@tabula/domain/protocol';
import type { ElementInfoProps } from './ElementInfo';
import type { HistorySource } from './historySource';
import type { ReplayBoardHandle, ScenePoint } from './ReplayBoard';
import type { ReplayModel } from './replayModel';

interface Picked {
  id: string;
  type: string;
  history?: ElementHistoryItem[] | 'loading' | { error: string };
}

/**
 * "Who drew this": the element under the pointer is described from the steps loaded; a click
 * pins it and asks the source for its whole history.
 */
export function useElementInfo(
  source: HistorySource,
  model: ReplayModel,
  boardRef: RefObject<ReplayBoardHandle | null>,
  revision: number,
) {
  const [hovered, setHovered] = useState<Picked | null>(null);
  const [pinned, setPinned] = useState<Picked | null>(null);
  const hoveredRef = useRef<Picked | null>(null);
  const pointer = useRef<ScenePoint | null>(null);

  const hover = useCallback(
    (point: ScenePoint) => {
      pointer.current = point;
      const element = boardRef.current?.elementAt(point);
      const current = hoveredRef.current;
      if ((current?.id ?? null) === (element?.id ?? null)) return;
      hoveredRef.current = element ? { id: element.id, type: element.type } : null;
      setHovered(hoveredRef.current);
    },
    [boardRef],
  );

  // The board changes under a still pointer (stepping, playing, seeking): what is under it is
  // looked up again, so an element that is no longer shown is no longer described.
  useEffect(() => {
    if (pointer.current) hover(pointer.current);
  }, [revision, hover]);

  const pin = useCallback(() => {
    const picked = hoveredRef.current;
    if (!picked) {
      setPinned(null);
      return;
    }
    setPinned({ ...picked, history: 'loading' });
    source.elementHistory(picked.id).then(
      (history) => setPinned((now) => (now?.id === picked.id ? { ...now, history } : now)),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        setPinned((now) =>
          now?.id === picked.id
            ? { ...now, history: { error: `Its history could not be loaded: ${message}` } }
            : now,
        );
      },
    );
  }, [source]);

  const chosen = pinned ?? hovered;
  const shown: Omit<ElementInfoProps, 'onClose'> | null = chosen && {
    elementId: chosen.id,
    type: chosen.type,
    changes: model.attribution.changesOf(chosen.id, revision),
    drawnLater: drawnAfter(model, chosen.id, revision),
    history: chosen.history,
    pinned: chosen === pinned,
  };
  return { shown, hover, pin, close: () => setPinned(null) };
}

/**
 * Who drew the element when that is after `revision`: an element on the board that its first
 * step is drawing right now (the revision shown is the last step completed), or a pinned one
 * the playhead has since gone back before.
 */
function drawnAfter(model: ReplayModel, elementId: string, revision: number) {
  const first = model.attribution.drawnBy(elementId);
  return first && first.revision > revision ? first : undefined;
}
