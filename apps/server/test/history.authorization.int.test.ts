/**
 * Who may use the history calls, every cell asserted (owner, collaborator, removed
 * collaborator, stranger, signed-out × each call), and what each bad input gets: a 4xx with a
 * clear message, and nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANVAS_NOT_FOUND,
  INVALID_CHECKPOINT_LABEL,
  INVALID_REVISION,
  NOT_ALLOWED,
  REVISION_PAST_END,
} from '@tabula/domain';
import type { Member } from './scenario';
import {
  createCanvas,
  element,
  freshEventId,
  logLength,
  makeCollaborator,
  signUp,
} from './scenario';
import type { ApiAnswer, ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

type Role = 'owner' | 'collaborator' | 'removed collaborator' | 'stranger' | 'signed-out';
type Call =
  | 'history'
  | 'scene'
  | 'replay'
  | 'element-history'
  | 'checkpoints'
  | 'restore'
  | 'fork'
  | 'checkpoint';

/** Allowed (with the events it appends) or refused with a status and message. */
type Outcome = { appends: number } | { status: number; message: string };

const READ: Outcome = { appends: 0 };
const HIDDEN: Outcome = { status: 404, message: CANVAS_NOT_FOUND };
const ALL_HIDDEN: Record<Call, Outcome> = {
  history: HIDDEN,
  scene: HIDDEN,
  replay: HIDDEN,
  'element-history': HIDDEN,
  checkpoints: HIDDEN,
  restore: HIDDEN,
  fork: HIDDEN,
  checkpoint: HIDDEN,
};

const MATRIX: Record<Role, Record<Call, Outcome>> = {
  owner: {
    history: READ,
    scene: READ,
    replay: READ,
    'element-history': READ,
    checkpoints: READ,
    restore: { appends: 1 },
    fork: { appends: 2 },
    checkpoint: { appends: 1 },
  },
  collaborator: {
    history: READ,
    scene: READ,
    replay: READ,
    'element-history': READ,
    checkpoints: READ,
    restore: { status: 403, message: NOT_ALLOWED },
    fork: { appends: 2 },
    checkpoint: { appends: 1 },
  },
  'removed collaborator': ALL_HIDDEN,
  stranger: ALL_HIDDEN,
  'signed-out': ALL_HIDDEN,
};

describe('history calls: authorization and bad input', () => {
  let server: TestServer;
  const members = {} as Record<Role, Member>;
  const sockets = {} as Record<Role, ClientSocket>;
  let canvasId: string;
  /** The revision of the one stroke on the canvas. */
  let drawnAt: number;

  beforeAll(async () => {
    server = await startTestServer();
    for (const role of Object.keys(MATRIX) as Role[]) {
      members[role] = await signUp(server, role.split(' ')[0]!.slice(0, 8));
      sockets[role] = await server.socket(members[role].token);
    }
    canvasId = await createCanvas(server, members.owner.token, 'Audit');
    await makeCollaborator(sockets.owner, sockets.collaborator, members.collaborator.id, canvasId);
    const removed = members['removed collaborator'];
    await makeCollaborator(sockets.owner, sockets['removed collaborator'], removed.id, canvasId);
    const told = nextEvent(sockets['removed collaborator'], 'error');
    await emitWithAck(sockets.owner, 'remove-user', {
      adminUserId: members.owner.id,
      canvasId,
      toUserId: removed.id,
    });
    await told;
    const drawn = await emitWithAck(sockets.owner, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element('e1')],
    });
    expect(drawn).toMatchObject({ ok: true });
    drawnAt = (drawn as { data: { revision: number } }).data.revision;
    await server.post('/auth/logout', {}, members['signed-out'].token);
  });
  afterAll(() => server.close());

  function call(role: Role, name: Call, target = canvasId): Promise<ApiAnswer> {
    const { token } = members[role];
    switch (name) {
      case 'history':
        return server.get(`/canvas/history/${target}`, token);
      case 'scene':
        return server.get(`/canvas/scene/${target}?revision=${drawnAt}`, token);
      case 'replay':
        return server.get(`/canvas/replay/${target}`, token);
      case 'element-history':
        return server.get(`/canvas/element-history/${target}/e1`, token);
      case 'checkpoints':
        return server.get(`/canvas/checkpoints/${target}`, token);
      case 'restore':
        return server.post(`/canvas/restore/${target}`, { revision: drawnAt }, token);
      case 'fork':
        return server.post(`/canvas/fork/${target}`, { revision: drawnAt }, token);
      case 'checkpoint':
        return server.post(
          `/canvas/checkpoint/${target}`,
          { revision: drawnAt, label: 'v1' },
          token,
        );
    }
  }

  for (const [role, row] of Object.entries(MATRIX) as [Role, Record<Call, Outcome>][])
    for (const [name, outcome] of Object.entries(row) as [Call, Outcome][])
      it(`${role} × ${name}: ${'appends' in outcome ? `allowed, appends ${outcome.appends}` : `${outcome.status} '${outcome.message}'`}`, async () => {
        const before = await logLength(server);
        const answer = await call(role, name);
        if ('appends' in outcome) {
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
          expect(answer.body.success).toBe(true);
        } else {
          expect([answer.status, answer.body]).toEqual([
            outcome.status,
            { success: false, message: outcome.message },
          ]);
        }
        expect(await logLength(server)).toBe(before + ('appends' in outcome ? outcome.appends : 0));
      });

  it('answers a canvas that does not exist like one that is not yours', async () => {
    for (const name of Object.keys(ALL_HIDDEN) as Call[]) {
      const answer = await call('owner', name, 'no-such-canvas');
      expect([name, answer.status, answer.body.message]).toEqual([name, 404, CANVAS_NOT_FOUND]);
    }
  });

  const BAD_INPUT: [string, () => Promise<ApiAnswer>, number, string | RegExp][] = [
    [
      'a negative revision',
      () => server.get(`/canvas/scene/${canvasId}?revision=-1`, members.owner.token),
      400,
      new RegExp(INVALID_REVISION),
    ],
    [
      'a non-integer revision',
      () => server.get(`/canvas/scene/${canvasId}?revision=1.5`, members.owner.token),
      400,
      new RegExp(INVALID_REVISION),
    ],
    [
      'a huge revision',
      () =>
        server.get(`/canvas/scene/${canvasId}?revision=99999999999999999999`, members.owner.token),
      400,
      new RegExp(INVALID_REVISION),
    ],
    [
      'a revision past the end',
      () => server.get(`/canvas/scene/${canvasId}?revision=1000`, members.owner.token),
      400,
      REVISION_PAST_END,
    ],
    [
      'an unknown query parameter',
      () => server.get(`/canvas/history/${canvasId}?sort=up`, members.owner.token),
      400,
      'sort is not a history query parameter.',
    ],
    [
      'a page over 500',
      () => server.get(`/canvas/history/${canvasId}?limit=501`, members.owner.token),
      400,
      'limit must be a whole number from 1 to 500.',
    ],
    [
      'an unknown entry type',
      () => server.get(`/canvas/history/${canvasId}?types=Painted`, members.owner.token),
      400,
      /^types must be a comma-separated list of/,
    ],
    [
      'a bad order',
      () => server.get(`/canvas/history/${canvasId}?order=up`, members.owner.token),
      400,
      "order must be 'asc' or 'desc'.",
    ],
    [
      'a restore to a negative revision',
      () => server.post(`/canvas/restore/${canvasId}`, { revision: -1 }, members.owner.token),
      400,
      INVALID_REVISION,
    ],
    [
      'a restore to a revision as text',
      () => server.post(`/canvas/restore/${canvasId}`, { revision: '1' }, members.owner.token),
      400,
      INVALID_REVISION,
    ],
    [
      'a restore past the end',
      () => server.post(`/canvas/restore/${canvasId}`, { revision: 1000 }, members.owner.token),
      400,
      REVISION_PAST_END,
    ],
    [
      'a restore of no elements',
      () =>
        server.post(
          `/canvas/restore/${canvasId}`,
          { revision: 1, elementIds: [] },
          members.owner.token,
        ),
      400,
      'elementIds must name at least one element.',
    ],
    [
      'a restore without a revision',
      () => server.post(`/canvas/restore/${canvasId}`, {}, members.owner.token),
      400,
      'revision is required.',
    ],
    [
      'a fork past the end',
      () => server.post(`/canvas/fork/${canvasId}`, { revision: 1000 }, members.owner.token),
      400,
      REVISION_PAST_END,
    ],
    [
      'a fork with an empty name',
      () =>
        server.post(`/canvas/fork/${canvasId}`, { revision: 1, name: '  ' }, members.owner.token),
      400,
      /^Canvas name must be/,
    ],
    [
      'an empty version name',
      () =>
        server.post(
          `/canvas/checkpoint/${canvasId}`,
          { revision: 1, label: ' ' },
          members.owner.token,
        ),
      400,
      INVALID_CHECKPOINT_LABEL,
    ],
    [
      'a version name over 60 characters',
      () =>
        server.post(
          `/canvas/checkpoint/${canvasId}`,
          { revision: 1, label: 'x'.repeat(61) },
          members.owner.token,
        ),
      400,
      INVALID_CHECKPOINT_LABEL,
    ],
    [
      'an extra field',
      () =>
        server.post(
          `/canvas/checkpoint/${canvasId}`,
          { revision: 1, label: 'ok', colour: 'red' },
          members.owner.token,
        ),
      400,
      'colour is not an allowed field.',
    ],
  ];

  for (const [what, send, status, message] of BAD_INPUT)
    it(`refuses ${what} with ${status} and stores nothing`, async () => {
      const before = await logLength(server);
      const answer = await send();
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.success).toBe(false);
      if (typeof message === 'string') expect(answer.body.message).toBe(message);
      else expect(answer.body.message).toMatch(message);
      expect(await logLength(server)).toBe(before);
    });
});
