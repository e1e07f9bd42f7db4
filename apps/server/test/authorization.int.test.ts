/**
 * The authorization matrix of issue #3: owner, collaborator, removed collaborator, stranger
 * and signed-out user (plus a pending invitee) × read, join, draw, rename, delete, invite, remove, leave. Every cell
 * is a test. An allowed action succeeds (and a change appends an event); a denied one answers
 * its status or error ack, appends nothing and broadcasts nothing to a collaborator listening
 * in the room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHENTICATE_WITH_VALID_TOKEN,
  CANVAS_NOT_ACCESSIBLE,
  CANVAS_NOT_FOUND,
  NOT_ALLOWED,
} from '@tabula/domain';
import type { Member } from './scenario';
import {
  createCanvas,
  element,
  expectNoEffect,
  freshEventId,
  logLength,
  makeCollaborator,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

type Role =
  'owner' | 'collaborator' | 'removed collaborator' | 'pending invitee' | 'stranger' | 'signed-out';
type Action = 'read' | 'join' | 'draw' | 'rename' | 'delete' | 'invite' | 'remove' | 'leave';

/** What a cell expects: success, an HTTP status, or a socket error ack. */
type Outcome =
  | { allowed: true; appends: boolean }
  | { status: number; message: string }
  | { code: string; message: string };

const OK_READ: Outcome = { allowed: true, appends: false };
const OK_CHANGE: Outcome = { allowed: true, appends: true };
const HIDDEN_REST: Outcome = { status: 404, message: CANVAS_NOT_FOUND };
/** Whoever cannot see the canvas is told what a canvas that does not exist answers (#14). */
const HIDDEN_SOCKET: Outcome = { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND };
const FORBIDDEN_REST: Outcome = { status: 403, message: NOT_ALLOWED };
const FORBIDDEN_SOCKET: Outcome = { code: 'FORBIDDEN', message: NOT_ALLOWED };
const NOT_ACCESSIBLE: Outcome = { code: 'FORBIDDEN', message: CANVAS_NOT_ACCESSIBLE };
const SIGNED_OUT_REST: Outcome = { status: 401, message: AUTHENTICATE_WITH_VALID_TOKEN };
/** A signed-out user's socket is refused at connection, before any event. */
const SIGNED_OUT_SOCKET: Outcome = {
  code: 'NO_CONNECTION',
  message: AUTHENTICATE_WITH_VALID_TOKEN,
};

/** Whoever cannot see the canvas: every action answers as for a canvas that does not exist. */
const HIDDEN: Record<Action, Outcome> = {
  read: HIDDEN_REST,
  join: HIDDEN_SOCKET,
  draw: HIDDEN_SOCKET,
  rename: HIDDEN_REST,
  delete: HIDDEN_REST,
  invite: HIDDEN_SOCKET,
  remove: HIDDEN_SOCKET,
  leave: HIDDEN_SOCKET,
};

const MATRIX: Record<Role, Record<Action, Outcome>> = {
  owner: {
    read: OK_READ,
    join: OK_READ,
    draw: OK_CHANGE,
    rename: OK_CHANGE,
    delete: OK_CHANGE,
    invite: OK_CHANGE,
    remove: OK_CHANGE,
    leave: NOT_ACCESSIBLE,
  },
  collaborator: {
    read: OK_READ,
    join: OK_READ,
    draw: OK_CHANGE,
    rename: FORBIDDEN_REST,
    delete: FORBIDDEN_REST,
    invite: FORBIDDEN_SOCKET,
    remove: FORBIDDEN_SOCKET,
    leave: OK_CHANGE,
  },
  'removed collaborator': HIDDEN,
  'pending invitee': HIDDEN,
  stranger: HIDDEN,
  'signed-out': {
    read: SIGNED_OUT_REST,
    join: SIGNED_OUT_SOCKET,
    draw: SIGNED_OUT_SOCKET,
    rename: SIGNED_OUT_REST,
    delete: SIGNED_OUT_REST,
    invite: SIGNED_OUT_SOCKET,
    remove: SIGNED_OUT_SOCKET,
    leave: SIGNED_OUT_SOCKET,
  },
};

/** A cell's expectation in words, for the test name. */
function describeOutcome(outcome: Outcome): string {
  if ('allowed' in outcome) return outcome.appends ? 'allowed, appends an event' : 'allowed';
  if ('status' in outcome) return `refused with ${outcome.status} '${outcome.message}'`;
  if (outcome.code === 'NO_CONNECTION') return 'cannot even connect';
  return `refused with ${outcome.code} '${outcome.message}'`;
}

/** Actions that change membership or existence: allowed cells get a canvas of their own. */
const DESTRUCTIVE: Action[] = ['delete', 'remove', 'leave'];

describe('authorization matrix', () => {
  let server: TestServer;
  const members = {} as Record<Role | 'observer' | 'invitee', Member>;
  const sockets = {} as Record<Exclude<Role, 'signed-out'> | 'observer' | 'invitee', ClientSocket>;
  let sharedCanvas: string;

  /**
   * A canvas of `owner` with `collaborator` and `observer` in, `removed collaborator` removed
   * and `pending invitee` invited but not yet answering.
   */
  async function canvasWithRoles(): Promise<string> {
    const canvasId = await createCanvas(server, members.owner.token, 'Matrix');
    await makeCollaborator(sockets.owner, sockets.collaborator, members.collaborator.id, canvasId);
    const removedId = members['removed collaborator'].id;
    await makeCollaborator(sockets.owner, sockets['removed collaborator'], removedId, canvasId);
    const removal = nextEvent(sockets['removed collaborator'], 'error');
    await emitWithAck(sockets.owner, 'remove-user', {
      adminUserId: members.owner.id,
      canvasId,
      toUserId: removedId,
    });
    await removal;
    const pending = nextEvent(sockets['pending invitee'], 'receive-invitation');
    await emitWithAck(sockets.owner, 'invite-user', {
      toUserId: members['pending invitee'].id,
      canvasId,
      canvasName: 'Matrix',
    });
    await pending;
    await makeCollaborator(sockets.owner, sockets.observer, members.observer.id, canvasId);
    const joined = await emitWithAck(sockets.observer, 'join-canvas', { canvasId });
    expect(joined.ok).toBe(true);
    return canvasId;
  }

  beforeAll(async () => {
    server = await startTestServer();
    for (const role of [
      'owner',
      'collaborator',
      'removed collaborator',
      'pending invitee',
      'stranger',
      'observer',
      'invitee',
    ] as const) {
      members[role] = await signUp(server, role.split(' ')[0]!.slice(0, 8));
      sockets[role] = await server.socket(members[role].token);
    }
    members['signed-out'] = await signUp(server, 'gone');
    await server.post('/auth/logout', {}, members['signed-out'].token);
    sharedCanvas = await canvasWithRoles();
  });
  afterAll(() => server.close());

  /** Performs `action` as `role` on `canvasId`; answers an HTTP status or an ack. */
  async function perform(role: Role, action: Action, canvasId: string) {
    const member = members[role];
    if (action === 'read') return server.get(`/canvas/getcanvas/${canvasId}`, member.token);
    if (action === 'rename') {
      const name = `Renamed ${freshEventId()}`;
      return server.post(`/canvas/updatecanvasname/${canvasId}`, { name }, member.token);
    }
    if (action === 'delete')
      return server.post(`/canvas/deletecanvas/${canvasId}`, {}, member.token);
    if (role === 'signed-out') {
      const error = await server.socket(member.token).then(
        () => null,
        (refused: Error) => refused,
      );
      return { ok: false, error: { code: 'NO_CONNECTION', message: error?.message } };
    }
    const socket = sockets[role];
    switch (action) {
      case 'join':
        return emitWithAck(socket, 'join-canvas', { canvasId });
      case 'draw':
        return emitWithAck(socket, 'canvas-update', {
          canvasId,
          eventId: freshEventId(),
          elements: [element(`by-${role.replace(' ', '-')}`)],
        });
      case 'invite':
        return emitWithAck(socket, 'invite-user', {
          toUserId: members.invitee.id,
          canvasId,
          canvasName: 'Matrix',
        });
      case 'remove':
        return emitWithAck(socket, 'remove-user', {
          adminUserId: member.id,
          canvasId,
          toUserId: members.collaborator.id,
        });
      case 'leave':
        return emitWithAck(socket, 'leave-canvas', { canvasId });
    }
  }

  const cells = Object.entries(MATRIX).flatMap(([role, row]) =>
    Object.entries(row).map(([action, outcome]) => ({
      role: role as Role,
      action: action as Action,
      outcome,
    })),
  );

  for (const { role, action, outcome } of cells)
    it(`${role} × ${action}: ${describeOutcome(outcome)}`, async () => {
      if ('allowed' in outcome) {
        const canvasId = DESTRUCTIVE.includes(action) ? await canvasWithRoles() : sharedCanvas;
        const before = await logLength(server);
        const answer = (await perform(role, action, canvasId)) as {
          ok?: boolean;
          status?: number;
        };
        if ('status' in answer) expect(answer.status, JSON.stringify(answer)).toBe(200);
        else expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
        if (action === 'delete') {
          // Deletion that deletes: the canvas's stream is erased, its deletion with it.
          expect(await server.eventStore.readStream(`canvas-${canvasId}`)).toEqual([]);
          expect(server.eventStore.erasureOf(`canvas-${canvasId}`)?.actorId).toBe(members.owner.id);
          return;
        }
        expect(await logLength(server)).toBe(outcome.appends ? before + 1 : before);
        // What this change sends the observer is not counted against a later denied cell:
        // `expectNoEffect` lets the fan-out settle before it listens.
        return;
      }
      const answer = (await expectNoEffect(server, [sockets.observer], () =>
        perform(role, action, sharedCanvas),
      )) as { status?: number; body?: { message?: string }; ok?: boolean; error?: unknown };
      if ('status' in outcome) {
        expect(answer.status).toBe(outcome.status);
        expect(answer.body).toEqual({ success: false, message: outcome.message });
      } else {
        expect(answer).toEqual({ ok: false, error: outcome });
      }
    });
});
