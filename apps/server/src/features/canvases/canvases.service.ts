/**
 * Canvas commands and queries shared by the REST routes and the socket gateway. Every change
 * goes through the canvas aggregate's `decide` with an expected revision; reads come from the
 * canvases and scenes projections.
 */
import {
  CANVAS_NOT_FOUND,
  DomainError,
  QUOTA_CANVASES_PER_USER_REACHED,
  canRead,
  canvasStreamName,
} from '@tabula/domain';
import type { CanvasCommand, CanvasState, SceneElement } from '@tabula/domain';
import type {
  CanvasDetail,
  CanvasSummary,
  ClearingSetting,
  UndoClearResult,
  Collaborator,
  CollaboratorCanvas,
} from '@tabula/domain/protocol';
import type { AppContext } from '../../appContext';
import { avatarUrl } from '../auth/avatar';
import { commandMetadata } from '../../appContext';
import type { CommandResult } from '../../infrastructure/commandHandler';
import { KeyedMutex } from '../../infrastructure/keyedMutex';
import type { CanvasDoc, UserDoc } from '../../projections/readModelKeys';
import { USERS } from '../../projections/readModelKeys';
import {
  canvasDoc,
  canvasDocs,
  collaboratingIds,
  ownCanvasIds,
  ownedLiveIds,
} from './projections/canvases.projection';
import { friendlyCanvasName } from './canvasNames';
import type { EraseCanvas } from './history/canvasErasure';
import { undoClearData } from './clearing/undoClear';

/** The data part of every canvas command; the service adds the type's metadata. */
type CommandBody<C extends CanvasCommand = CanvasCommand> = Pick<C, 'type' | 'data'>;

export function toSummary(canvas: CanvasDoc): CanvasSummary {
  return { _id: canvas._id, name: canvas.name, timestamp: canvas.timestamp };
}

/** When the canvas's drawing last changed (a doc from before `editedAt` existed: its creation). */
function editedAt(canvas: CanvasDoc): string {
  return canvas.editedAt ?? canvas.timestamp;
}

/** What the canvas commands and queries use of the app, and nothing more. */
export type CanvasesDeps = Pick<
  AppContext,
  'canvases' | 'readModels' | 'projections' | 'scenes' | 'clock' | 'newId' | 'eventStore'
> &
  Partial<Pick<AppContext, 'quotas' | 'canvasStates'>>;

export class CanvasesService {
  /** Creations are serialised per user, so two at once cannot both pass the canvas quota. */
  private readonly creations = new KeyedMutex();

  constructor(
    private readonly context: CanvasesDeps,
    /** Erases a deleted canvas's content from the store (default: nothing). */
    private readonly erase: EraseCanvas = async () => {},
  ) {}

  /** Runs a canvas command for `actorId` and waits until the read models show it. */
  async execute(
    actorId: string,
    command: CommandBody,
    eventId?: string,
  ): Promise<CommandResult<CanvasState, unknown>> {
    const limit = this.context.quotas?.canvasesPerUser;
    if (command.type !== 'CreateCanvas' || limit === undefined)
      return this.run(actorId, command, eventId);
    // A creation (or a fork): within the user's canvas quota, counted once the previous one shows.
    return this.creations.run(actorId, async () => {
      const owned = await ownCanvasIds(this.context.readModels, actorId);
      if (owned.length >= limit)
        throw new DomainError('QUOTA_EXCEEDED', QUOTA_CANVASES_PER_USER_REACHED);
      return this.run(actorId, command, eventId);
    });
  }

  private async run(
    actorId: string,
    command: CommandBody,
    eventId?: string,
  ): Promise<CommandResult<CanvasState, unknown>> {
    const result = await this.context.canvases.handle(canvasStreamName(command.data.canvasId), {
      ...command,
      metadata: commandMetadata(this.context, actorId, eventId),
    } as CanvasCommand);
    if (result.position >= 0) await this.context.projections.waitFor(result.position);
    return result;
  }

  /** The canvas aggregate's state: authorisation checks of the gateway use it. */
  async state(canvasId: string): Promise<CanvasState> {
    return (await this.context.canvases.load(canvasStreamName(canvasId))).state;
  }

  /** The state of a canvas the user may read, or NOT_FOUND (also for canvases not theirs to see). */
  async readable(userId: string, canvasId: string): Promise<CanvasState & { status: 'active' }> {
    return (await this.loadReadable(userId, canvasId)).state;
  }

  /** The last revision of a canvas the user may read, or NOT_FOUND (as `readable`). */
  async readableHead(userId: string, canvasId: string): Promise<number> {
    return (await this.loadReadable(userId, canvasId)).revision;
  }

  private async loadReadable(userId: string, canvasId: string) {
    const { state, revision } = await this.context.canvases.load(canvasStreamName(canvasId));
    return { state: readableBy(state, userId), revision };
  }

  /**
   * The state of a canvas the user may open live: NOT_FOUND, the same answer, whether it does
   * not exist, was deleted or is not theirs, so no one can probe which canvas ids exist. When
   * the aggregate is not in memory and the state can be folded elsewhere (`canvasStates`), it
   * is, from the canvas's few events that are not drawings: the join's scene load then does
   * not wait for the whole log to be parsed. The aggregate is folded when a command needs it
   * (the joiner's first commit), and never for a joiner who only looks.
   */
  async joinable(userId: string, canvasId: string): Promise<CanvasState & { status: 'active' }> {
    const stream = canvasStreamName(canvasId);
    const folded = this.context.canvases.cached(stream)
      ? undefined
      : await this.context.canvasStates?.(stream);
    return folded ? readableBy(folded, userId) : this.readable(userId, canvasId);
  }

  async create(userId: string, name?: string): Promise<CanvasSummary> {
    const canvasId = this.context.newId();
    await this.execute(userId, {
      type: 'CreateCanvas',
      data: { canvasId, name: name ?? friendlyCanvasName() },
    });
    return toSummary(await this.doc(canvasId));
  }

  async detail(userId: string, canvasId: string): Promise<CanvasDetail> {
    await this.readable(userId, canvasId);
    const canvas = await this.doc(canvasId);
    const { revision, elements } = await this.context.scenes.of(canvasId);
    const live = elements.filter((element) => !element.isDeleted);
    return {
      ...toSummary(canvas),
      ownerId: canvas.ownerId,
      revision,
      elements: live,
      collaboratorsCanClear: canvas.collaboratorsCanClear ?? true,
    };
  }

  /** Whether collaborators may clear the board (owner or collaborator may ask). */
  async clearing(userId: string, canvasId: string): Promise<ClearingSetting> {
    await this.readable(userId, canvasId);
    const canvas = await this.doc(canvasId);
    return { collaboratorsCanClear: canvas.collaboratorsCanClear ?? true };
  }

  /** The owner lets collaborators clear the board, or stops them (`CollaboratorClearingSet`). */
  async setClearing(userId: string, canvasId: string, allowed: boolean): Promise<ClearingSetting> {
    await this.execute(userId, { type: 'SetCollaboratorClearing', data: { canvasId, allowed } });
    return this.clearing(userId, canvasId);
  }

  /** Brings back what the clear at `revision` deleted (`undoClear.ts`); owner or collaborator. */
  async undoClear(userId: string, canvasId: string, revision: number): Promise<UndoClearResult> {
    const head = await this.readableHead(userId, canvasId);
    const data = await undoClearData(this.context, canvasId, revision, head);
    const result = await this.execute(userId, { type: 'UndoClear', data });
    return { canvasId, revision: result.revision };
  }

  /** A user's username ('' when the account is gone). */
  async username(userId: string): Promise<string> {
    return (await this.context.readModels.get<UserDoc>(USERS, userId))?.username ?? '';
  }

  /** Keeps the canvas's scene in this node's memory (its live history entries fold on it). */
  holdScene(canvasId: string): Promise<void> {
    return this.context.scenes.hold(canvasId);
  }

  /** The scene with tombstones, for clients that reconcile (join-canvas). */
  async snapshot(canvasId: string): Promise<{ revision: number; elements: SceneElement[] }> {
    await this.doc(canvasId); // NOT_FOUND for a canvas that does not exist
    return this.context.scenes.of(canvasId);
  }

  /**
   * The scene with tombstones as its elements' JSON texts in scene order (join-canvas: parsed
   * chunk by chunk as they are sent); loaded in slices when not in memory.
   */
  async sceneTexts(canvasId: string): Promise<{ revision: number; texts: string[] }> {
    await this.doc(canvasId); // NOT_FOUND for a canvas that does not exist
    return this.context.scenes.textsOf(canvasId);
  }

  /** The user's own canvases, newest first, each with when its drawing last changed. */
  async list(userId: string): Promise<CanvasSummary[]> {
    const { readModels } = this.context;
    const docs = await canvasDocs(readModels, await ownCanvasIds(readModels, userId));
    return docs.map((doc) => ({ ...toSummary(doc), editedAt: editedAt(doc) }));
  }

  async rename(userId: string, canvasId: string, name: string): Promise<CanvasSummary> {
    await this.execute(userId, { type: 'RenameCanvas', data: { canvasId, name } });
    return toSummary(await this.doc(canvasId));
  }

  /** Deletes the canvas, then erases its content (deletion that deletes). */
  async remove(userId: string, canvasId: string): Promise<{ _id: string }> {
    await this.execute(userId, { type: 'DeleteCanvas', data: { canvasId } });
    await this.erase(canvasId, userId);
    return { _id: canvasId };
  }

  /** Live canvases the user collaborates on (`all-collaborator-canvases`). */
  async collaborating(userId: string): Promise<CollaboratorCanvas[]> {
    const { readModels } = this.context;
    const docs = await canvasDocs(readModels, await collaboratingIds(readModels, userId));
    return docs.map((doc) => ({
      canvasId: doc._id,
      canvasName: doc.name,
      id: doc.ownerId,
      editedAt: editedAt(doc),
    }));
  }

  /** The owner and the collaborators of a canvas, as `collaborator-joined` lists them. */
  async members(canvasId: string): Promise<Collaborator[]> {
    const canvas = await this.doc(canvasId);
    const ids = [canvas.ownerId, ...canvas.collaborators];
    const users = await this.context.readModels.getMany<UserDoc>(USERS, ids);
    return users
      .filter((user): user is UserDoc => user !== null)
      .map(({ id, username, profilePhoto }) => ({
        userId: id,
        username,
        // By URL (cached by the browser), never inline: a joiner of a 300-member canvas
        // would get 300 pictures with every list.
        profilePhoto: avatarUrl(id, profilePhoto),
      }));
  }

  /** Canvas ids the user owns that are live (`get-admin-of-canvases`). */
  ownedLive(userId: string): Promise<string[]> {
    return ownedLiveIds(this.context.readModels, userId);
  }

  async doc(canvasId: string): Promise<CanvasDoc> {
    const canvas = await canvasDoc(this.context.readModels, canvasId);
    if (!canvas) throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
    return canvas;
  }
}

/** The state, if it is of an existing canvas `userId` may read; else NOT_FOUND. */
function readableBy(state: CanvasState, userId: string): CanvasState & { status: 'active' } {
  if (state.status !== 'active' || !canRead(state, userId))
    throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
  return state;
}
