import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  ActivityList,
  CanvasUnavailable,
  Loader,
  NameVersionDialog,
  RestorePopup,
  VersionActions,
} from '@tabula/ui';
import type { Checkpoint } from '@tabula/domain/protocol';
import { ROUTES } from '../app/constants';
import { isDesktop, useViewport } from '../app/drawingArea';
import { routerLink } from '../app/routerLink';
import { useAppSelector, useServices } from '../app/ServicesContext';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useEvictionWatch } from '../features/canvases/useEvictionWatch';
import { labelsByRevision, toSessions, withUndoClear } from '../features/history/activitySessions';
import { versionCaption, whenOf } from '../features/history/versionCaption';
import { sameScene } from '../features/history/activityText';
import { HistoryPlayer } from '../features/history/HistoryPlayer';
import { CanvasLayout } from './CanvasLayout';
import { useCanvasRoom } from '../features/history/useCanvasRoom';
import {
  useActivity,
  useFork,
  useNameVersion,
  useRestore,
} from '../features/history/useHistoryFlows';

/** Where the history screen of a personal or a live canvas leads back to. */
interface HistoryPlace {
  live: boolean;
  canvasHref: (id: string) => string;
  listHref: string;
  listLabel: string;
}

const PERSONAL: HistoryPlace = {
  live: false,
  canvasHref: ROUTES.canvas,
  listHref: ROUTES.canvases,
  listLabel: 'Back to your canvases',
};
const LIVE: HistoryPlace = {
  live: true,
  canvasHref: ROUTES.liveCanvas,
  listHref: ROUTES.liveCanvases,
  listLabel: 'Back to live canvases',
};

/** /canvas/:id/history */
export function CanvasHistoryScreen() {
  return <SignedInHistory place={PERSONAL} />;
}

/** /livecanvas/:id/history */
export function LiveCanvasHistoryScreen() {
  return <SignedInHistory place={LIVE} />;
}

/** The history is for members only: a signed-out visitor is sent to sign in. */
function SignedInHistory({ place }: { place: HistoryPlace }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const ready = useAppSelector((s) => s.ready);
  const signedIn = useAppSelector((s) => s.session !== null);
  useEffect(() => {
    if (ready && !signedIn) navigate(ROUTES.signIn, { replace: true });
  }, [ready, signedIn, navigate]);
  if (!ready) return <Loader />;
  if (!signedIn) return null;
  return <History key={id} id={id} place={place} />;
}

/** The canvas's named versions, fetched once; names given later come as entries. */
function useCheckpoints(canvasId: string) {
  const services = useServices();
  const [checkpoints, setCheckpoints] = useState<Checkpoint[]>([]);
  useEffect(() => {
    let current = true;
    services.api
      .getCheckpoints(canvasId)
      .then((list) => current && setCheckpoints(list))
      .catch(() => {
        // The activity list reports the canvas's problems; names are a nicety.
      });
    return () => {
      current = false;
    };
  }, [services, canvasId]);
  return checkpoints;
}

function History({ id, place }: { id: string; place: HistoryPlace }) {
  const { canvases } = useCanvasList();
  const liveCanvases = useAppSelector((s) => s.liveCanvases);
  const own = canvases.find((c) => c._id === id);
  const title =
    own?.name ?? liveCanvases.find((c) => c.canvasId === id)?.canvasName ?? 'this canvas';
  const owner = own !== undefined;
  useEvictionWatch(id, place.listHref);

  const activity = useActivity(id);
  const { actor: activityActor } = activity;
  useCanvasRoom(id, {
    onEntry: (entry) => activityActor.send({ type: 'activity.appended', entry }),
    onJoined: () => activityActor.send({ type: 'activity.resync' }),
  });
  const checkpoints = useCheckpoints(id);

  // The revision chosen in the list (or restored to), and where the player is. A chosen
  // entry that left the drawing as it was (a rename, a named version) stays shown while the
  // player stands on the drawing before it; moving the player elsewhere drops the choice.
  const [chosen, setChosen] = useState<number | null>(null);
  const [playerAt, setPlayerAt] = useState<number | null>(null);
  const entries = useRef(activity.entries);
  entries.current = activity.entries;
  const onPlayerMoved = useCallback((reported: number) => {
    setPlayerAt(reported);
    setChosen((now) => (now !== null && !sameScene(entries.current, reported, now) ? null : now));
  }, []);
  const latest = activity.entries[0]?.revision ?? null;
  const shown = chosen ?? playerAt ?? latest;

  const labels = useMemo(() => {
    const named = activity.entries.flatMap((entry) =>
      entry.type === 'CheckpointNamed' ? [{ ...entry.summary, actorId: '', occurredAt: '' }] : [],
    );
    const all = [...checkpoints, ...named];
    const unique = new Map(all.map((c) => [`${c.revision}\n${c.label}`, c]));
    return labelsByRevision([...unique.values()]);
  }, [activity.entries, checkpoints]);
  // After a restore the player goes to the new revision (it loads it as it arrives).
  const restore = useRestore(id, setChosen);
  const { actor: restoreActor } = restore;
  const sessions = useMemo(
    () =>
      withUndoClear(toSessions(activity.entries, labels), activity.entries, owner, (revision) =>
        restoreActor.send({ type: 'restore.now', revision, allowed: owner }),
      ),
    [activity.entries, labels, owner, restoreActor],
  );
  const fork = useFork(id);
  const naming = useNameVersion(id);
  const compact = !isDesktop(useViewport().width);

  if (activity.unavailable) {
    return (
      <CanvasUnavailable
        title={activity.error ?? 'Canvas not found.'}
        text="This canvas does not exist, or it is not shared with you."
        backHref={place.listHref}
        backLabel={place.listLabel}
        renderLink={routerLink}
      />
    );
  }

  const shownEntry = activity.entries.find((entry) => entry.revision === shown);
  const isLatest = shown !== null && latest !== null && sameScene(activity.entries, shown, latest);
  return (
    <CanvasLayout
      bodyClassName="tw-history"
      header={
        <header
          className={
            compact
              ? 'tb-canvas-header tb-canvas-header--compact tw-history__header'
              : 'tb-canvas-header'
          }
        >
          {routerLink({
            href: place.canvasHref(id),
            className: 'tb-button tb-button--secondary tb-button--small',
            children: '← Back to the canvas',
          })}
          <h1 className="tb-canvas-header__title" title={`History of ${title}`}>
            History of {title}
          </h1>
        </header>
      }
      dialogs={
        <>
          <RestorePopup
            open={restore.open}
            revision={restore.revision}
            when={whenOf(activity.entries.find((entry) => entry.revision === restore.revision))}
            busy={restore.busy}
            error={restore.error}
            onRestore={() => restore.actor.send({ type: 'restore.confirm' })}
            onCancel={() => restore.actor.send({ type: 'restore.cancel' })}
          />
          <NameVersionDialog
            open={naming.open}
            revision={naming.revision}
            busy={naming.busy}
            error={naming.error}
            onSave={(label) => naming.actor.send({ type: 'name.save', label })}
            onCancel={() => naming.actor.send({ type: 'name.cancel' })}
          />
        </>
      }
    >
      <div className="tw-history__stage">
        <div className="tw-history__stage-player" data-testid="history-player">
          <HistoryPlayer canvasId={id} revision={chosen} onMoved={onPlayerMoved} />
        </div>
        <VersionActions
          revision={shown}
          caption={versionCaption(shown, isLatest, shownEntry)}
          isLatest={isLatest}
          canRestore={owner}
          onRestore={() =>
            shown !== null &&
            restore.actor.send({ type: 'restore.open', revision: shown, allowed: owner })
          }
          onCopy={() => shown !== null && fork.actor.send({ type: 'fork.start', revision: shown })}
          onName={() => shown !== null && naming.actor.send({ type: 'name.open', revision: shown })}
          copying={fork.busy}
        />
      </div>
      <aside className="tw-history__side">
        <ActivityList
          sessions={sessions}
          selectedRevision={shown}
          onSelect={setChosen}
          loading={activity.loading}
          error={activity.error}
          onRetry={() => activityActor.send({ type: 'activity.retry' })}
          hasOlder={activity.hasOlder}
          loadingOlder={activity.loadingOlder}
          olderError={activity.olderError}
          onLoadOlder={() => activityActor.send({ type: 'activity.loadOlder' })}
        />
      </aside>
    </CanvasLayout>
  );
}
