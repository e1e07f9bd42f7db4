/**
 * Payloads of the client → server socket events (PROTOCOL.md "Socket.IO"); the messages of
 * drawing (`ink`, `pointer`, `canvas-update`) are checked by hand (`drawingMessages.ts`).
 */
import { Max } from 'class-validator';
import type {
  AcceptInvitationPayload,
  CanvasRef,
  InviteUserPayload,
  JoinCanvasPayload,
  LeaveCanvasPayload,
  OnlinePayload,
  RemoveUserPayload,
} from '../protocol/socket';
import type { ListOnlineUsersPayload } from '../protocol/presence';
import { MAX_ONLINE_USERS_PAGE } from '../protocol/presence';
import { MAX_LINES_JSON_LENGTH, MAX_PROFILE_PHOTO_LENGTH } from './dto.limits';
import {
  CanvasNameField,
  IdField,
  Optional,
  OptionalBooleanField,
  OptionalIntegerField,
  StringField,
  UsernameField,
} from './dtoFields';
import { IsBoundedJson } from './sceneElements.validator';

/** `online`: the server trusts the token, not these fields (`userId` must match it). */
export class OnlineDto implements OnlinePayload {
  @IdField() userId!: string;
  @UsernameField() username!: string;
  @StringField(MAX_PROFILE_PHOTO_LENGTH) profilePhoto!: string;
}

/** `list-online-users`: a page of the online users after the user id `after`. */
export class ListOnlineUsersDto implements ListOnlineUsersPayload {
  @Optional() @IdField() after?: string;
  @OptionalIntegerField(1)
  @Max(MAX_ONLINE_USERS_PAGE, { message: 'limit must be at most 200.' })
  limit?: number;
}

/** `invite-user`: `lines` is accepted (any JSON, capped) and ignored. */
export class InviteUserDto implements InviteUserPayload {
  @IdField() toUserId!: string;
  @IdField() canvasId!: string;
  @Optional() @IsBoundedJson(MAX_LINES_JSON_LENGTH) lines?: unknown;
  @CanvasNameField() canvasName!: string;
}

/** `accept-invitation` */
export class AcceptInvitationDto implements AcceptInvitationPayload {
  @IdField() canvasId!: string;
}

/** `remove-user`: `adminUserId` must be the socket's user. */
export class RemoveUserDto implements RemoveUserPayload {
  @IdField() adminUserId!: string;
  @IdField() canvasId!: string;
  @IdField() toUserId!: string;
}

/** `close-canvas`: the client stops showing the canvas (its socket leaves the room). */
export class CloseCanvasDto {
  @IdField() canvasId!: string;
}

/** `leave-canvas` */
export class LeaveCanvasDto implements LeaveCanvasPayload {
  @IdField() canvasId!: string;
}

/** `join-canvas`: with `sinceRevision`, only the changes after it. */
export class JoinCanvasDto implements JoinCanvasPayload {
  @IdField() canvasId!: string;
  @OptionalIntegerField(0) sinceRevision?: number;
  @OptionalBooleanField() download?: boolean;
}

/** `watch-canvas`: listen to a canvas's room without showing its board. */
export class WatchCanvasDto implements CanvasRef {
  @IdField() canvasId!: string;
}
