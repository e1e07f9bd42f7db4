import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { VIEW_LINK_ROUTE } from '@tabula/domain/protocol';
import { Icon, ShareDialog } from '@tabula/ui';
import { useServices } from '../../app/ServicesContext';
import { shareLinksMachine } from './shareLinksMachine';
import { useClearingSetting } from './useClearingSetting';

/** The address of a view link on this site. */
export function viewLinkUrl(token: string, origin = window.location.origin): string {
  return `${origin}${VIEW_LINK_ROUTE.replace(':token', token)}`;
}

/** The owner's Share button for the canvas header, with its dialog of view links. */
export function ShareAction({ canvasId }: { canvasId: string }) {
  const services = useServices();
  const actor = useActorRef(
    useMemo(
      () =>
        shareLinksMachine.provide({
          actors: {
            loadLinks: fromPromise(({ input }) => services.api.getShareLinks(input.canvasId)),
            createLink: fromPromise(({ input }) => services.api.createShareLink(input.canvasId)),
            revokeLink: fromPromise(({ input }) =>
              services.api.revokeShareLink(input.canvasId, input.linkId),
            ),
          },
        }),
      [services],
    ),
    { input: { canvasId } },
  );
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const { links, createdToken, error } = useSelector(actor, (s) => s.context);
  const clearing = useClearingSetting(canvasId, open);
  return (
    <>
      <button
        type="button"
        className="tb-button tb-button--primary tb-button--small"
        aria-haspopup="dialog"
        onClick={() => actor.send({ type: 'share.open' })}
      >
        <Icon name="share" />
        Share
      </button>
      <ShareDialog
        open={open}
        onClose={() => actor.send({ type: 'share.close' })}
        links={busy && links === null ? null : (links ?? [])}
        createdUrl={createdToken ? viewLinkUrl(createdToken) : null}
        onCreate={() => actor.send({ type: 'share.create' })}
        onRevoke={(linkId) => actor.send({ type: 'share.revoke', linkId })}
        busy={busy}
        error={error}
        clearing={{ ...clearing, onChange: clearing.change }}
      />
    </>
  );
}
