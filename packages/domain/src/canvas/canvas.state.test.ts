import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../shared/errors';
import { foldEvents } from '../testing/deciderSpec';
import type { CanvasCommand } from './canvas.commands';
import { canvasDecider } from './canvas.decide';
import type { CanvasEvent } from './canvas.events';
import type { CanvasState } from './canvas.state';
import {
  canRead,
  changesSceneOnly,
  evolveCanvas,
  isCollaborator,
  isInvited,
  isLive,
  isOwner,
} from './canvas.state';
import {
  BOB,
  CANVAS_ID,
  CAROL,
  OWNER,
  accepted,
  canvasCommand,
  canvasEvent,
  created,
  invited,
  stroke,
  withCollaborator,
} from './canvas.testkit';

const stateAfter = (events: CanvasEvent[]): CanvasState => foldEvents(canvasDecider, events);
const deleted = canvasEvent('CanvasDeleted', { canvasId: CANVAS_ID }, OWNER, 'e-del');
const left = (userId: string) =>
  canvasEvent('CollaboratorLeft', { canvasId: CANVAS_ID, userId }, userId, `e-left-${userId}`);

describe('questions about a canvas', () => {
  it('[C21] owner and collaborators read; invitees, strangers and anyone after delete do not', () => {
    const state = stateAfter([...withCollaborator(BOB), invited(CAROL)]);
    expect([isOwner(state, OWNER), isCollaborator(state, BOB), isInvited(state, CAROL)]).toEqual([
      true,
      true,
      true,
    ]);
    expect([OWNER, BOB, CAROL, 'user-x'].map((id) => canRead(state, id))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const gone = stateAfter([...withCollaborator(BOB), deleted]);
    expect([canRead(gone, OWNER), canRead(gone, BOB), isOwner(gone, OWNER)]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('[C22] a canvas is live while it has a collaborator or a pending invitation', () => {
    expect(isLive(stateAfter([created]))).toBe(false);
    expect(isLive(stateAfter([created, invited(BOB)]))).toBe(true);
    expect(isLive(stateAfter(withCollaborator(BOB)))).toBe(true);
    expect(isLive(stateAfter([...withCollaborator(BOB), left(BOB)]))).toBe(false);
    expect(isLive(stateAfter([...withCollaborator(BOB), deleted]))).toBe(false);
  });

  it('[C23] evolve is total: events that do not fit leave the state unchanged', () => {
    const none = stateAfter([]);
    expect(evolveCanvas(none, invited(BOB))).toBe(none);
    const gone = stateAfter([created, deleted]);
    expect(evolveCanvas(gone, created)).toBe(gone);
    expect(evolveCanvas(gone, accepted(BOB))).toBe(gone);
    const active = stateAfter(withCollaborator(BOB));
    const line = canvasEvent('LineDrawn', { canvasId: CANVAS_ID, elements: [stroke('a')] }, BOB);
    expect(evolveCanvas(active, line)).toBe(active);
    const unknown = { ...line, type: 'SomethingNewer' } as unknown as CanvasEvent;
    expect(evolveCanvas(active, unknown)).toBe(active);
  });
});

/** Any command from any of four users; decide either refuses with a DomainError or succeeds. */
const USERS = [OWNER, BOB, CAROL, 'user-dan'];
const arbitraryCommand: fc.Arbitrary<CanvasCommand> = fc
  .tuple(fc.integer({ min: 0, max: 8 }), fc.constantFrom(...USERS), fc.constantFrom(...USERS))
  .map(([kind, actor, target]) => {
    const canvasId = CANVAS_ID;
    switch (kind) {
      case 0:
        return canvasCommand('CreateCanvas', { canvasId, name: 'Plan' }, actor);
      case 1:
        return canvasCommand('RenameCanvas', { canvasId, name: `by ${target}` }, actor);
      case 2:
        return canvasCommand('InviteUser', { canvasId, userId: target }, actor);
      case 3:
        return canvasCommand('AcceptInvitation', { canvasId }, actor);
      case 4:
        return canvasCommand('RemoveCollaborator', { canvasId, userId: target }, actor);
      case 5:
        return canvasCommand('LeaveCanvas', { canvasId }, actor);
      case 6:
        return canvasCommand('DrawLine', { canvasId, elements: [stroke('a')] }, actor);
      case 7:
        return canvasCommand('RestoreCanvas', { canvasId, toRevision: 0, elements: [] }, actor);
      default:
        return canvasCommand('DeleteCanvas', { canvasId }, actor);
    }
  });

describe('membership invariants', () => {
  it('[C25] the owner is never a collaborator or invitee; collaborators and invitees never overlap', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCommand, { maxLength: 40 }), (commands) => {
        let state = canvasDecider.initialState();
        for (const command of commands) {
          let events: CanvasEvent[] = [];
          try {
            events = canvasDecider.decide(state, command);
          } catch (error) {
            if (!isDomainError(error)) throw error;
          }
          state = events.reduce(canvasDecider.evolve, state);
          if (state.status !== 'active') continue;
          const { ownerId, collaborators, invited: pending } = state;
          expect(collaborators).not.toContain(ownerId);
          expect(pending).not.toContain(ownerId);
          expect(collaborators.filter((id) => pending.includes(id))).toEqual([]);
          expect(new Set(collaborators).size).toBe(collaborators.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the state folded without the scene-only events is the state folded from all of them', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCommand, { maxLength: 40 }), (commands) => {
        const events: CanvasEvent[] = [];
        let state = canvasDecider.initialState();
        for (const command of commands) {
          try {
            const decided = canvasDecider.decide(state, command);
            events.push(...decided);
            state = decided.reduce(canvasDecider.evolve, state);
          } catch (error) {
            if (!isDomainError(error)) throw error;
          }
        }
        const withoutScene = events.filter((event) => !changesSceneOnly(event));
        expect(withoutScene.reduce(evolveCanvas, canvasDecider.initialState())).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });
});
