/**
 * `@tabula/domain/protocol`: the one typed contract of PROTOCOL.md (REST and Socket.IO),
 * types plus constants, no runtime dependencies. Server, web and widget all import it.
 */
export type {
  ApiFailure,
  ApiResponse,
  ApiSuccess,
  AuthenticatedUser,
  CanvasDetail,
  CanvasSummary,
  CreateCanvasRequest,
  CreateCanvasResponse,
  CreateUserRequest,
  CreateUserResponse,
  DeleteCanvasResponse,
  DeletedCanvasData,
  DemoLoginRequest,
  DemoLoginResponse,
  FetchUserResponse,
  GetAllCanvasesResponse,
  GetCanvasResponse,
  LoginUserRequest,
  LoginUserResponse,
  LogoutResponse,
  UpdateCanvasNameRequest,
  UpdateCanvasNameResponse,
  UpdateUserRequest,
  UpdateUserResponse,
  UserFields,
} from './rest';
export { API_PATHS, AUTH_BASE_PATH, CANVAS_BASE_PATH, apiPath } from './rest';

export type {
  AcceptInvitationPayload,
  Ack,
  AckError,
  AckResult,
  CanvasChange,
  CanvasDeletedMessage,
  CanvasRef,
  CanvasUpdatePayload,
  CanvasUpdateResult,
  ClientEventName,
  ClientToServerEvents,
  Collaborator,
  CollaboratorCanvas,
  CanvasPeopleMessage,
  CollaboratorJoined,
  CollaboratorLeaved,
  ErrorMessage,
  HandshakeAuth,
  IfLeaveCanvas,
  IfLoggedInMessage,
  InkMessage,
  InkPayload,
  InvitationAcceptedMessage,
  InviteUserPayload,
  InviteUserResult,
  JoinCanvasChanges,
  JoinCanvasPayload,
  JoinCanvasResult,
  JoinCanvasSnapshot,
  JoinedCanvas,
  LeaveCanvasPayload,
  OnlinePayload,
  OnlineUsers,
  PointerFrame,
  PointerMoved,
  PointerPayload,
  ReceiveInvitation,
  RemoveUserPayload,
  RemoveUserResult,
  ServerEventName,
  ServerToClientEvents,
  SocketErrorCode,
  UpdatedCanvasMessage,
  WatchCanvasResult,
} from './socket';
export { CLIENT_EVENT_NAMES, POINTER_FRAMES } from './socket';
export type {
  CanvasPeopleChanged,
  ListOnlineUsersPayload,
  OnlineUser,
  OnlineUserBrief,
  OnlineUsersChanged,
  OnlineUsersList,
  OnlineUsersPage,
} from './presence';
export {
  DEFAULT_ONLINE_USERS_PAGE,
  MAX_ONLINE_USERS_PAGE,
  PRESENCE_DELTAS,
  applyPeopleChange,
} from './presence';
export type {
  CanvasResync,
  JoinCanvasChunked,
  JoinCanvasDownload,
  JoinCanvasResync,
  SceneChunk,
} from './sceneStream';
export {
  MAX_CATCH_UP_ELEMENTS,
  MAX_CATCH_UP_EVENTS,
  SCENE_CHUNK_BYTES,
  SCENE_DOWNLOAD_TTL_MS,
  SCENE_CHUNK_ELEMENTS,
} from './sceneStream';

export {
  MAX_ELEMENTS_PER_UPDATE,
  MAX_INK_ELEMENTS,
  MAX_INK_PATCHES,
  MAX_POINTS_PER_ELEMENT,
  MAX_SOCKET_MESSAGE_BYTES,
} from './limits';
export {
  MAX_CANVAS_NAME_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_CANVAS_NAME_LENGTH,
  MIN_USERNAME_LENGTH,
  USERNAME_PATTERN,
} from '../shared/limits';

export type {
  Checkpoint,
  CheckpointRequest,
  DrawingSummary,
  ElementHistoryItem,
  ElementRef,
  ForkRequest,
  HistoryAppendedMessage,
  HistoryEntry,
  HistoryEntryType,
  HistoryPage,
  HistoryQuery,
  HistorySummaries,
  ReplayPage,
  ReplayStep,
  RestoreRequest,
  SceneAtRevision,
} from './history';
export {
  DEFAULT_HISTORY_PAGE,
  MAX_CHECKPOINT_LABEL_LENGTH,
  MAX_HISTORY_PAGE,
  MAX_REPLAY_PAGE,
  MIN_CHECKPOINT_LABEL_LENGTH,
} from './history';

export type {
  CreatedShareLink,
  ShareLinkSummary,
  UnshareRequest,
  ViewLinkInfo,
} from './shareLinks';
export { VIEW_LINK_ROUTE, VIEW_NAMESPACE, VIEW_TOKEN_HEADER } from './shareLinks';
export type { FileMimeType, FileUploadRequest, FileUploadResponse, StoredFileInfo } from './files';
export {
  FILE_CONTENT_MISMATCH,
  FILE_ID_PATTERN,
  FILE_ID_TAKEN,
  FILE_MIME_TYPES,
  FILE_NOT_FOUND,
  FILE_TOO_LARGE,
  FILE_TYPE_NOT_ALLOWED,
  FILE_UNSAFE_SVG,
  INVALID_DATA_URL,
  INVALID_FILE_ID,
  MAX_FILE_BYTES,
  filePath,
} from './files';

export type { Backdrop } from './constants';
export {
  AUTH_HEADER,
  BACKDROPS,
  BACKDROP_STORAGE_KEY,
  BACKGROUND_COLOR_STORAGE_KEY,
  BACKGROUND_PICTURE_COUNT,
  BACKGROUND_ROTATION_MS,
  DESKTOP_BREAKPOINT_PX,
  DESKTOP_SIDE_PANEL_PX,
  DESKTOP_TOP_BAR_PX,
  ERROR_TEXT_MS,
  INVITE_COOLDOWN_MS,
  MASCOT_RESET_MS,
  MOBILE_BAR_HEIGHT_PX,
  MOBILE_MENU_ANIMATION_MS,
  MOBILE_USER_AGENT_PATTERN,
  POPUP_ANIMATION_MS,
  TOKEN_STORAGE_KEY,
} from './constants';
export type {
  CanvasClearedMessage,
  ClearingSetting,
  UndoClearPayload,
  UndoClearResult,
} from './clearing';
