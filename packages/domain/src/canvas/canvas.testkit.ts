/** Builders for canvas tests: typed commands and events with readable defaults. */
import type { SceneElement } from '../scene/index';
import { commandMeta, eventMeta } from '../testing/fixtures';
import type { CanvasCommand } from './canvas.commands';
import type { CanvasEvent } from './canvas.events';

export const CANVAS_ID = 'canvas-1';
export const OWNER = 'user-owner';
export const BOB = 'user-bob';
export const CAROL = 'user-carol';

type CommandOf<T extends CanvasCommand['type']> = Extract<CanvasCommand, { type: T }>;
type EventOf<T extends CanvasEvent['type']> = Extract<CanvasEvent, { type: T }>;

/** A canvas command from `actorId` (event id 'evt-1' unless given). */
export function canvasCommand<T extends CanvasCommand['type']>(
  type: T,
  data: CommandOf<T>['data'],
  actorId: string,
  eventId = 'evt-1',
): CommandOf<T> {
  return { type, data, metadata: commandMeta(actorId, eventId) } as CommandOf<T>;
}

/** A canvas event as `actorId`'s command with `eventId` would record it. */
export function canvasEvent<T extends CanvasEvent['type']>(
  type: T,
  data: EventOf<T>['data'],
  actorId: string,
  eventId = 'evt-1',
): EventOf<T> {
  return { type, data, metadata: eventMeta(actorId, eventId) } as EventOf<T>;
}

/** The owner's canvas 'Plan'. */
export const created = canvasEvent(
  'CanvasCreated',
  { canvasId: CANVAS_ID, ownerId: OWNER, name: 'Plan' },
  OWNER,
  'e-created',
);

export function invited(userId: string): CanvasEvent {
  return canvasEvent(
    'UserInvited',
    { canvasId: CANVAS_ID, userId, invitedBy: OWNER },
    OWNER,
    `e-inv-${userId}`,
  );
}

export function accepted(userId: string): CanvasEvent {
  return canvasEvent(
    'InvitationAccepted',
    { canvasId: CANVAS_ID, userId },
    userId,
    `e-acc-${userId}`,
  );
}

/** The canvas with `userId` as a collaborator (invited, then accepted). */
export function withCollaborator(userId: string): CanvasEvent[] {
  return [created, invited(userId), accepted(userId)];
}

/** A freehand stroke element. */
export function stroke(id: string, overrides: Partial<SceneElement> = {}): SceneElement {
  return {
    id,
    type: 'freedraw',
    version: 1,
    versionNonce: 7,
    isDeleted: false,
    index: 'a0',
    ...overrides,
  };
}
