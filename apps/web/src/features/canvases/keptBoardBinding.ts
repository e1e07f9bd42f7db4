import { useCallback, useEffect, useRef, useState } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { WhiteboardHandle } from '@tabula/whiteboard';
import type { CanvasPersistence, UseCollaborationResult } from '@tabula/whiteboard/collab';

/**
 * The collaboration binding of a board whose canvas may be kept on the device, made to open
 * with all of the device's copy. Two workarounds in the app for the engine (reported to the
 * widget's owners):
 *
 * - The engine takes the kept scene as the one to open with only while no board is attached
 *   (it means "while no scene is shown yet"); ours is attached from its first render. So the
 *   board is attached only once the engine has read the device's copy.
 * - The engine opens the kept scene as soon as it is read, with the kept outbox on top only if
 *   that was read first: the changes drawn offline could be missing from a board opened with
 *   no network (they would still be sent). So the board asks for its scene only once the
 *   engine holds as many changes as the device keeps (or has joined, which waits for them).
 */
export function useKeptBoardBinding(
  live: UseCollaborationResult,
  persistence: CanvasPersistence | undefined,
  canvasId: string,
  handleRef: { current: WhiteboardHandle | null } | undefined,
) {
  const handle = useRef<WhiteboardHandle | null>(null);
  const bindRef = live.bind.ref;
  const keptRead = live.offline.copy !== 'checking';
  const bound = useRef(false);
  bound.current ||= keptRead;
  const ref = useCallback(
    (next: WhiteboardHandle | null) => {
      handle.current = next;
      if (handleRef) handleRef.current = next;
      if (bound.current) bindRef(next);
    },
    [bindRef, handleRef],
  );
  useEffect(() => {
    if (keptRead) bindRef(handle.current);
  }, [keptRead, bindRef]);

  // How many changes the device keeps for the canvas (0 without a persistence).
  const [kept, setKept] = useState<{ from: CanvasPersistence; changes: number } | null>(null);
  useEffect(() => {
    if (!persistence) return undefined;
    let current = true;
    const done = (changes: number) => current && setKept({ from: persistence, changes });
    persistence.loadOutbox(canvasId).then(
      (changes) => done(changes.length),
      () => done(0),
    );
    return () => {
      current = false;
    };
  }, [persistence, canvasId]);
  const keptChanges = !persistence ? 0 : kept?.from === persistence ? kept.changes : null;
  const outboxRead =
    keptChanges !== null &&
    (keptChanges === 0 || live.pending >= keptChanges || live.status === 'live');
  const [opening] = useState(() => {
    let open = () => undefined as void;
    const ready = new Promise<void>((resolve) => (open = resolve));
    return { ready, open };
  });
  useEffect(() => {
    if (keptRead && outboxRead) opening.open();
  }, [keptRead, outboxRead, opening]);
  const inner = live.bind.initialElements;
  const [initialElements] = useState((): PromiseLike<readonly SceneElement[]> => ({
    then: (resolve, reject) => opening.ready.then(() => inner.then(resolve, reject)),
  }));
  return { handle, bind: { ...live.bind, ref, initialElements } };
}
