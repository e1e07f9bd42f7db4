import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  Alert,
  BACKGROUND_IMAGES,
  BackgroundRotator,
  CALM_BACKGROUND_IMAGES,
  ConfirmPopup,
  CursorBlob,
  InviteNotice,
  TopBar,
} from '@tabula/ui';
import { BACKGROUND_ROTATION_MS } from '@tabula/domain/protocol';
import { signOutMachine } from '../features/auth/signOutMachine';
import { inviteNoticeMachine } from '../features/invites/inviteNoticeMachine';
import { errorMessage } from '../features/errorMessage';
import { refreshLiveCanvases } from './bindRealtime';
import { ROUTES } from './constants';
import { routerLink } from './routerLink';
import { useAppSelector, useServices } from './ServicesContext';
import { update } from './appState';
import { watchSessionEnded } from './sessionEnded';

/** The blob follows the cursor everywhere except on the canvas screens (spec §2). */
export function showsCursorBlob(pathname: string): boolean {
  return !/^\/((live)?canvas|view)(\/|$)/.test(pathname);
}

/**
 * The id segment of a canvas screen's path (/canvas/:id, /livecanvas/:id and their history,
 * /view/:token, as in the URL), or null on other screens.
 */
export function canvasIdOfPath(pathname: string): string | null {
  return /^\/(?:(?:live)?canvas|view)\/([^/]+)/.exec(pathname)?.[1] ?? null;
}

/**
 * The shared layout of every route (spec §2): rotating background, cursor blob, top bar,
 * the page, the alert toast and the invite notice.
 */
export function Layout() {
  const services = useServices();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useAppSelector((s) => s.session);
  // Behind a transparent board the calm pictures, the same one for everyone on the canvas.
  const canvasId = canvasIdOfPath(pathname);

  const alert = useSelector(services.alerts, (s) => s);

  const signOut = useActorRef(
    useMemo(
      () =>
        signOutMachine.provide({
          actors: {
            // What the device keeps comes with the board's code, loaded on demand.
            hasUnsentChanges: fromPromise(async ({ input }) =>
              (await import('../features/canvases/devicePersistence')).hasUnsentChanges(
                input.userId,
              ),
            ),
          },
          actions: {
            clearAppState: () => services.store.set(update.signedOut),
            clearStorage: () => services.clearStorage(),
            emitLogOut: (_, { userId }) => {
              const client = services.realtime.current();
              const token = services.realtime.token();
              const viaRest = () => (token ? services.api.logout(token) : Promise.resolve());
              const done = client ? client.logOut(userId).catch(viaRest) : viaRest();
              void done.catch(() => undefined).finally(() => services.realtime.disconnect());
            },
            forgetDevice: (_, { userId }) => {
              void import('../features/canvases/devicePersistence')
                .then(({ forgetAccount }) => forgetAccount(userId))
                .catch(() => undefined);
            },
            navigate: (_, { to }) => navigate(to),
          },
        }),
      [services, navigate],
    ),
  );
  const confirmingSignOut = useSelector(signOut, (s) => s.hasTag('confirming'));

  const notice = useActorRef(
    useMemo(
      () =>
        inviteNoticeMachine.provide({
          actions: {
            acceptInvitation: (_, invitation) => {
              const client = services.realtime.current();
              if (!client) return;
              client
                .acceptInvitation(invitation.canvasId)
                .then(() => {
                  refreshLiveCanvases(services);
                  navigate(ROUTES.liveCanvas(invitation.canvasId));
                })
                .catch((error: unknown) => services.showAlert(errorMessage(error), 'danger'));
            },
          },
        }),
      [services, navigate],
    ),
  );
  const invitation = useSelector(notice, (s) => s);

  useEffect(() => {
    const subscription = services.realtime
      .events('receive-invitation')
      .subscribe((received) => notice.send({ type: 'invitation.received', ...received }));
    return () => subscription.unsubscribe();
  }, [services, notice]);

  useEffect(() => {
    const subscription = watchSessionEnded(services, navigate);
    return () => subscription.unsubscribe();
  }, [services, navigate]);

  return (
    <div className="tw-app">
      <BackgroundRotator
        intervalMs={BACKGROUND_ROTATION_MS}
        images={canvasId === null ? BACKGROUND_IMAGES : CALM_BACKGROUND_IMAGES}
        syncKey={canvasId ?? undefined}
      />
      {showsCursorBlob(pathname) && <CursorBlob />}
      <TopBar
        user={
          session
            ? { username: session.user.username, profilePhoto: session.user.profilePhoto }
            : null
        }
        onSignOut={() =>
          session && signOut.send({ type: 'signout.request', userId: session.user.id })
        }
        currentPath={pathname}
        renderLink={routerLink}
      />
      <main className="tw-main">
        <Outlet />
      </main>
      <ConfirmPopup
        open={confirmingSignOut}
        title="Changes not saved yet"
        confirmLabel="Sign out anyway"
        busyLabel="Signing out"
        onConfirm={() => signOut.send({ type: 'signout.confirm' })}
        onCancel={() => signOut.send({ type: 'signout.cancel' })}
      >
        Some of what you drew on this device has not reached the server yet. Signing out now deletes
        it from this device. Stay signed in until you are back online to save it.
      </ConfirmPopup>
      <div className="tw-toasts">
        <Alert
          text={alert.context.text}
          type={alert.context.alertType}
          show={alert.matches('shown')}
          onClose={() => services.alerts.send({ type: 'alert.dismiss' })}
        />
        <InviteNotice
          show={invitation.matches('shown')}
          username={invitation.context.username}
          canvasName={invitation.context.canvasName}
          adminProfilePhoto={invitation.context.adminProfilePhoto}
          onAccept={() => notice.send({ type: 'invitation.accept' })}
          onDismiss={() => notice.send({ type: 'invitation.dismiss' })}
        />
      </div>
    </div>
  );
}
