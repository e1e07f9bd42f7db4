/**
 * `@tabula/domain`: the pure core of Tabula. Message shapes and errors, the user and canvas
 * aggregates (pure `decide`/`evolve`), scene reconciliation, the user-facing strings and the
 * name bounds. No I/O, no clock, no randomness. The wire contract is the
 * `@tabula/domain/protocol` subpath; class-validator DTOs are `@tabula/domain/dto`.
 */
export type { Command, CommandMetadata, Decider, Event, EventMetadata } from './shared/messages';
export type { DomainErrorCode } from './shared/errors';
export { DOMAIN_ERROR_CODES, DomainError, isDomainError } from './shared/errors';
export { deriveEventId, eventMetadataFor } from './shared/eventMetadata';
export {
  MAX_CANVAS_NAME_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_CANVAS_NAME_LENGTH,
  MIN_USERNAME_LENGTH,
  USERNAME_PATTERN,
} from './shared/limits';
export {
  ADMIN_DELETED_CANVAS,
  ALL_CANVASES_TITLE,
  ALL_LIVE_CANVASES_TITLE,
  ALL_ONLINE_USERS_TITLE,
  AUTHENTICATE_WITH_VALID_TOKEN,
  CANCEL,
  CANNOT_INVITE_YOURSELF,
  CANNOT_REMOVE_YOURSELF,
  CANVAS_ALREADY_EXISTS,
  CANVAS_DELETED,
  CANVAS_LEFT,
  CANVAS_NAME_UPDATED,
  CANVAS_NOT_ACCESSIBLE,
  CANVAS_NOT_FOUND,
  CLEARING_NOT_ALLOWED,
  clearedTheCanvas,
  DELETE,
  DELETE_CANVAS_CONFIRMATION,
  DEMO_ACCOUNT_READ_ONLY,
  DEMO_ACCOUNTS_DISABLED,
  ELEMENT_TYPE_NOT_ALLOWED,
  EMAIL_ALREADY_EXISTS,
  EMPTY_UPDATE,
  GET_STARTED_FOR_FREE,
  GO_BACK,
  INVALID_CANVAS_NAME,
  INVALID_CHECKPOINT_LABEL,
  INVALID_CREDENTIALS,
  INVALID_DISPLAY_NAME,
  INVALID_EMAIL,
  INVALID_INVITATION,
  INVALID_REQUEST,
  INVALID_REVISION,
  INVALID_USERNAME,
  INVITE,
  joinedTheCanvas,
  LOGOUT_FROM_OTHER_DEVICE,
  MESSAGE_TOO_LARGE,
  NO_ONE_IS_ONLINE,
  NOT_A_COLLABORATOR,
  NOT_ALLOWED,
  NOT_A_CLEAR,
  SHARE_LINK_NOT_FOUND,
  TOO_MANY_SHARE_LINKS,
  QUOTA_BYTES_PER_MINUTE_REACHED,
  QUOTA_ELEMENTS_PER_CANVAS_REACHED,
  QUOTA_BYTES_PER_CANVAS_REACHED,
  QUOTA_CANVASES_PER_USER_REACHED,
  NOTHING_TO_UPDATE,
  PAGE_NOT_FOUND_TEXT,
  PAGE_NOT_FOUND_TITLE,
  REMOVE,
  REMOVED_BY_ADMIN,
  REVISION_PAST_END,
  SAME_NAME_CANNOT_UPDATE,
  SIGN_IN_TEST_USER,
  SOMETHING_WENT_WRONG,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_ELEMENTS,
  TOO_MANY_MESSAGES,
  UNLEASH_YOUR_CREATIVITY,
  USER_ALREADY_JOINED,
  USER_ALREADY_REGISTERED,
  USER_LOGGED_IN_ALREADY,
  USER_NOT_FOUND,
  USER_NOT_ONLINE,
  USERNAME_ALREADY_EXISTS,
  WORK_WONT_BE_SAVED,
  YOU_CAN_LOGIN_SAFELY,
  YOUR_PROFILE_TITLE,
} from './shared/strings';

export type {
  LogoutReason,
  ProfileUpdated,
  ProfileUpdatedData,
  UserEvent,
  UserLoggedIn,
  UserLoggedInData,
  UserLoggedOut,
  UserLoggedOutData,
  UserRegistered,
  UserRegisteredData,
} from './user/user.events';
export { USER_EVENT_TYPES } from './user/user.events';
export type {
  LogIn,
  LogInData,
  LogOut,
  LogOutData,
  RegisterUser,
  RegisterUserData,
  UpdateProfile,
  UpdateProfileData,
  UserCommand,
} from './user/user.commands';
export type { RegisteredUser, UnregisteredUser, UserState } from './user/user.state';
export { evolveUser, initialUserState, isActiveSession, toUserFields } from './user/user.state';
export {
  decideUser,
  logIn,
  logOut,
  registerUser,
  updateProfile,
  userDecider,
  userStreamName,
} from './user/user.decide';
export { normaliseDisplayName, normaliseEmail, normaliseUsername } from './user/user.rules';

export type {
  CanvasCreated,
  CanvasCreatedData,
  CanvasDeleted,
  CanvasDeletedData,
  CanvasEvent,
  CanvasRenamed,
  CanvasRenamedData,
  CanvasRestored,
  CanvasRestoredData,
  CollaboratorClearingSet,
  CollaboratorClearingSetData,
  CollaboratorLeft,
  CollaboratorLeftData,
  CheckpointNamed,
  CheckpointNamedData,
  CollaboratorRemoved,
  CollaboratorRemovedData,
  InvitationAccepted,
  InvitationAcceptedData,
  LineDrawn,
  LineDrawnData,
  ShareLinkCreated,
  ShareLinkCreatedData,
  ShareLinkRevoked,
  ShareLinkRevokedData,
  UserInvited,
  UserInvitedData,
} from './canvas/canvas.events';
export { CANVAS_EVENT_TYPES } from './canvas/canvas.events';
export type {
  AcceptInvitation,
  AcceptInvitationData,
  CanvasCommand,
  CreateCanvas,
  CreateCanvasData,
  DeleteCanvas,
  DeleteCanvasData,
  DrawLine,
  DrawLineData,
  InviteUser,
  InviteUserData,
  LeaveCanvas,
  LeaveCanvasData,
  NameCheckpoint,
  NameCheckpointData,
  RemoveCollaborator,
  RemoveCollaboratorData,
  RenameCanvas,
  RenameCanvasData,
  RestoreCanvas,
  RestoreCanvasData,
  CreateShareLink,
  CreateShareLinkData,
  RevokeShareLink,
  RevokeShareLinkData,
  SetCollaboratorClearing,
  SetCollaboratorClearingData,
  UndoClear,
  UndoClearData,
} from './canvas/canvas.commands';
export type {
  ActiveCanvas,
  CanvasState,
  DeletedCanvas,
  NoCanvas,
  ShareLinkState,
} from './canvas/canvas.state';
export { MAX_SHARE_LINKS, createShareLink, revokeShareLink } from './canvas/shareLinks.decide';
export {
  canRead,
  evolveCanvas,
  initialCanvasState,
  isCollaborator,
  isInvited,
  isLive,
  isOwner,
  mayClearCanvas,
} from './canvas/canvas.state';
export type { LiveChange } from './canvas/clearing';
export { MIN_CLEARED_ELEMENTS, isClearing, liveChangeOf, mayClear } from './canvas/clearing';
export { setCollaboratorClearing, undoClear } from './canvas/clearing.decide';
export {
  acceptInvitation,
  canvasDecider,
  canvasStreamName,
  createCanvas,
  decideCanvas,
  deleteCanvas,
  drawLine,
  inviteUser,
  leaveCanvas,
  nameCheckpoint,
  removeCollaborator,
  renameCanvas,
  restoreCanvas,
} from './canvas/canvas.decide';
export { normaliseCanvasName } from './canvas/canvas.rules';

export {
  ALLOWED_ELEMENT_TYPES,
  applyPointPatch,
  applySceneEvent,
  compareElementCopies,
  compareSceneOrder,
  completeElement,
  evolveScene,
  getSceneElement,
  isAllowedElementType,
  liveElements,
  orderElements,
  pointPatch,
  reconcile,
  restoreElements,
  winningUpserts,
  sceneElements,
  toScene,
} from './scene/index';
export type {
  InkPoint,
  InkPointPatch,
  ReconcileOptions,
  Scene,
  SceneElement,
  SceneInput,
} from './scene/index';
export type { GestureTiming } from './canvas/canvas.events';

export type { LoggedCanvasEvent, NameOf } from './history/index';
export { foldHistoryEntry, foldScene, namedUserIds, sceneUpserts } from './history/index';
