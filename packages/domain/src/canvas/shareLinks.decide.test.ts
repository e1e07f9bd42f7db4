import { describe, expect, it } from 'vitest';
import {
  CANVAS_NOT_FOUND,
  NOT_ALLOWED,
  SHARE_LINK_NOT_FOUND,
  TOO_MANY_SHARE_LINKS,
} from '../shared/strings';
import { deciderSpec } from '../testing/deciderSpec';
import { canvasDecider } from './canvas.decide';
import { evolveCanvas, initialCanvasState } from './canvas.state';
import type { CanvasState } from './canvas.state';
import {
  BOB,
  CANVAS_ID,
  OWNER,
  canvasCommand,
  canvasEvent,
  created,
  withCollaborator,
} from './canvas.testkit';
import { MAX_SHARE_LINKS } from './shareLinks.decide';

const spec = deciderSpec(canvasDecider);
const create = (linkId: string, actor = OWNER) =>
  canvasCommand(
    'CreateShareLink',
    { canvasId: CANVAS_ID, linkId, tokenHash: `h-${linkId}` },
    actor,
  );
const linkCreated = (linkId: string) =>
  canvasEvent(
    'ShareLinkCreated',
    { canvasId: CANVAS_ID, linkId, tokenHash: `h-${linkId}` },
    OWNER,
    `e-${linkId}`,
  );

describe('view links', () => {
  it('the owner creates one; its hash, never a secret, is in the event', () => {
    spec
      .given([created])
      .when(create('l1'))
      .then([
        canvasEvent(
          'ShareLinkCreated',
          { canvasId: CANVAS_ID, linkId: 'l1', tokenHash: 'h-l1' },
          OWNER,
        ),
      ]);
  });

  it('a collaborator may not create or revoke one (403); a stranger is told, as on a missing canvas, 404', () => {
    spec.given(withCollaborator(BOB)).when(create('l1', BOB)).thenThrows('FORBIDDEN', NOT_ALLOWED);
    spec.given([]).when(create('l1')).thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
    spec
      .given([created, linkCreated('l1')])
      .when(canvasCommand('RevokeShareLink', { canvasId: CANVAS_ID, linkId: 'l1' }, BOB))
      .thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
  });

  it('the owner revokes an active link (the event names its hash); a revoked or unknown one is not found', () => {
    spec
      .given([created, linkCreated('l1')])
      .when(canvasCommand('RevokeShareLink', { canvasId: CANVAS_ID, linkId: 'l1' }, OWNER))
      .then([
        canvasEvent(
          'ShareLinkRevoked',
          { canvasId: CANVAS_ID, linkId: 'l1', tokenHash: 'h-l1' },
          OWNER,
        ),
      ]);
    const revoked = canvasEvent(
      'ShareLinkRevoked',
      { canvasId: CANVAS_ID, linkId: 'l1', tokenHash: 'h-l1' },
      OWNER,
      'e-rev',
    );
    spec
      .given([created, linkCreated('l1'), revoked])
      .when(canvasCommand('RevokeShareLink', { canvasId: CANVAS_ID, linkId: 'l1' }, OWNER))
      .thenThrows('NOT_FOUND', SHARE_LINK_NOT_FOUND);
  });

  it(`at most ${MAX_SHARE_LINKS} at once`, () => {
    const links = Array.from({ length: MAX_SHARE_LINKS }, (_, i) => linkCreated(`l${i}`));
    spec
      .given([created, ...links])
      .when(create('one-more'))
      .thenThrows('CONFLICT', TOO_MANY_SHARE_LINKS);
  });

  it('the state lists the active links, oldest first', () => {
    const events = [
      created,
      linkCreated('l1'),
      linkCreated('l2'),
      canvasEvent(
        'ShareLinkRevoked',
        { canvasId: CANVAS_ID, linkId: 'l1', tokenHash: 'h-l1' },
        OWNER,
      ),
    ];
    const state = events.reduce<CanvasState>(evolveCanvas, initialCanvasState());
    expect(state.status === 'active' && state.shareLinks.map((link) => link.linkId)).toEqual([
      'l2',
    ]);
  });
});
