import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';

/** The owner's "collaborators can clear the board" of a canvas, for the Share dialog. */
export interface ClearingSettingState {
  /** Null while it loads (or could not be read). */
  allowed: boolean | null;
  busy: boolean;
  error: string | null;
  change: (allowed: boolean) => void;
}

/**
 * Reads the setting when the dialog opens and changes it (`POST /canvas/clearing/:id`); the
 * shown value is always the server's answer (docs/clearing.md).
 */
export function useClearingSetting(canvasId: string, open: boolean): ClearingSettingState {
  const { api } = useServices();
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    setError(null);
    api.getClearing(canvasId).then(
      (setting) => current && setAllowed(setting.collaboratorsCanClear),
      (failure: unknown) => current && setError(messageOf(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, canvasId, open]);
  const change = useCallback(
    (next: boolean) => {
      setBusy(true);
      setError(null);
      api
        .setClearing(canvasId, next)
        .then(
          (setting) => setAllowed(setting.collaboratorsCanClear),
          (failure: unknown) => setError(messageOf(failure)),
        )
        .finally(() => setBusy(false));
    },
    [api, canvasId],
  );
  return { allowed, busy, error, change };
}

function messageOf(failure: unknown): string {
  return failure instanceof Error && failure.message
    ? failure.message
    : 'The setting could not be changed.';
}
