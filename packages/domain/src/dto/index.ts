/**
 * `@tabula/domain/dto`: class-validator DTOs for every REST body and socket payload of
 * PROTOCOL.md, and `parseDto`/`parseId` to validate at the edge. The only place
 * class-validator is used. (class-transformer is not: payloads are JSON with no nested DTO
 * classes, and its deep copy made a 1,000-element update ~10x slower to parse.)
 */
export { CreateUserDto, DemoLoginDto, LoginUserDto, UpdateUserDto } from './auth.dto';
export { CreateCanvasDto, DeleteCanvasDto, UpdateCanvasNameDto } from './canvas.dto';
export {
  AcceptInvitationDto,
  CloseCanvasDto,
  InviteUserDto,
  JoinCanvasDto,
  LeaveCanvasDto,
  ListOnlineUsersDto,
  OnlineDto,
  RemoveUserDto,
  WatchCanvasDto,
} from './socket.dto';
export {
  CheckpointDto,
  ForkDto,
  RestoreDto,
  UnshareDto,
  parseHistoryQuery,
  parseReplayQuery,
  queryInteger,
} from './history.dto';
export { parseDto, parseId } from './parseDto';
export { parseCanvasUpdate, parseInk, parsePointer } from './drawingMessages';
export type { DtoClass } from './parseDto';
export { checkSceneElement, checkSceneElements } from './sceneElements.validator';
export { checkGestureTiming, checkPointPatch, checkPointPatches } from './ink.validator';
export {
  ID_PATTERN,
  MAX_ELEMENT_ID_LENGTH,
  MAX_ID_LENGTH,
  MAX_INK_ELEMENTS,
  MAX_INK_PATCHES,
  MAX_LINES_JSON_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_POINTS_PER_ELEMENT,
  MAX_PROFILE_PHOTO_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './dto.limits';
