/**
 * Everything rooms hear about state changes comes from here: the projection runner publishes
 * each event once the read models show it, and this turns it into Socket.IO messages for the
 * sockets of this node (`io.local`: every node tails the log and serves its own sockets).
 * Drawing changes go out through the live canvas rooms (features/canvases/live) and history
 * entries through the history feed (features/canvases/history/history.socket.ts), not here.
 */
import { ADMIN_DELETED_CANVAS, REMOVED_BY_ADMIN, joinedTheCanvas } from '@tabula/domain';
import type { CanvasDeleted, CanvasEvent, Event, UserEvent } from '@tabula/domain';
import type { RecordedEvent } from './infrastructure/eventStore/eventStore';
import type { AppContext } from './appContext';
import type { CanvasesService } from './features/canvases/canvases.service';
import type { UserDoc } from './projections/readModelKeys';
import { USERS } from './projections/readModelKeys';
import { canvasDoc } from './features/canvases/projections/canvases.projection';
import { avatarUrl } from './features/auth/avatar';
import type { AppServer } from './realtime/socketTypes';
import { rooms } from './realtime/socketTypes';

export class FanOut {
  constructor(
    private readonly io: AppServer,
    private readonly context: Pick<AppContext, 'readModels'>,
    private readonly canvases: CanvasesService,
  ) {}

  /** Handles one event; async work is awaited so messages keep the log's order per room. */
  async publish(record: RecordedEvent<Event>): Promise<void> {
    const event = record.event as Event as CanvasEvent | UserEvent;
    switch (event.type) {
      case 'UserLoggedOut': {
        const room = rooms.session(event.data.sessionId);
        setImmediate(() => this.io.local.in(room).disconnectSockets(true));
        return;
      }
      case 'UserInvited':
        return this.invited(event.data.canvasId, event.data.userId, event.data.invitedBy);
      case 'InvitationAccepted':
        return this.accepted(event.data.canvasId, event.data.userId);
      case 'CollaboratorRemoved':
        this.io.local
          .to(rooms.user(event.data.userId))
          .emit('error', { message: REMOVED_BY_ADMIN });
        return this.left(event.data.canvasId, event.data.userId);
      case 'CollaboratorLeft':
        return this.left(event.data.canvasId, event.data.userId);
      case 'CanvasDeleted':
        return this.deleted(event);
      default:
        return;
    }
  }

  private async user(userId: string): Promise<UserDoc | null> {
    return this.context.readModels.get<UserDoc>(USERS, userId);
  }

  private async invited(canvasId: string, inviteeId: string, ownerId: string): Promise<void> {
    const [canvas, owner] = await Promise.all([this.canvases.doc(canvasId), this.user(ownerId)]);
    this.io.local.to(rooms.user(inviteeId)).emit('receive-invitation', {
      canvasId,
      canvasName: canvas.name,
      adminUserId: ownerId,
      adminProfilePhoto: owner ? avatarUrl(ownerId, owner.profilePhoto) : '',
      username: owner?.username ?? '',
    });
    await this.sendOwnedLive(ownerId);
  }

  private async accepted(canvasId: string, userId: string): Promise<void> {
    const canvas = await this.canvases.doc(canvasId);
    const room = rooms.canvas(canvasId);
    // The accepter's sockets join when its client opens the canvas (join-canvas), not here.
    const collaborators = await this.canvases.members(canvasId);
    this.io.local.to(room).emit('collaborator-joined', { canvasId, collaborators });
    const accepter = await this.user(userId);
    this.io.local.to(rooms.user(canvas.ownerId)).emit('invitation-accepted', {
      canvasId,
      userId,
      message: joinedTheCanvas(accepter?.username ?? 'Someone'),
    });
    await this.sendOwnedLive(canvas.ownerId);
    await this.sendCollaborating(userId);
  }

  private async left(canvasId: string, userId: string): Promise<void> {
    const room = rooms.canvas(canvasId);
    this.io.local.in(rooms.user(userId)).socketsLeave(room);
    this.io.local.to(room).emit('collaborator-leaved', { canvasId, userId });
    this.io.local.to(rooms.user(userId)).emit('collaborator-leaved', { canvasId, userId });
    await this.sendCollaborating(userId);
    const canvas = await canvasDoc(this.context.readModels, canvasId);
    if (canvas) await this.sendOwnedLive(canvas.ownerId);
  }

  private async deleted(event: CanvasDeleted): Promise<void> {
    const { canvasId } = event.data;
    const room = rooms.canvas(canvasId);
    this.io.local.to(room).emit('canvas-deleted', { canvasId, message: ADMIN_DELETED_CANVAS });
    for (const userId of event.data.collaborators ?? []) {
      this.io.local.to(rooms.user(userId)).emit('error', { message: ADMIN_DELETED_CANVAS });
      await this.sendCollaborating(userId);
    }
    this.io.local.in(room).socketsLeave(room);
    // Only the owner deletes a canvas.
    await this.sendOwnedLive(event.metadata.actorId);
  }

  private async sendCollaborating(userId: string): Promise<void> {
    this.io.local
      .to(rooms.user(userId))
      .emit('all-collaborator-canvases', await this.canvases.collaborating(userId));
  }

  private async sendOwnedLive(userId: string): Promise<void> {
    this.io.local
      .to(rooms.user(userId))
      .emit('get-admin-of-canvases', await this.canvases.ownedLive(userId));
  }
}
