/**
 * Every user-facing text of the product, as named constants. The spec's and PROTOCOL.md's
 * wordings are requirements word for word (spelling included: 'accessable', 'loggedin');
 * the server sends them and the web app shows them, both importing from here.
 */
import {
  MAX_CANVAS_NAME_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_USERNAME_LENGTH,
} from './limits';

// ── Spec / PROTOCOL.md: errors and alerts ──────────────────────────────────────────────

/** 409 on login, and the danger alert, while another device of the user is online. */
export const LOGOUT_FROM_OTHER_DEVICE = 'Logout from other device first!';
/** `if-logged-in` when another device of the user is online. */
export const USER_LOGGED_IN_ALREADY = 'User loggedin already.';
/** `if-logged-in` when no other device of the user is online. */
export const YOU_CAN_LOGIN_SAFELY = 'You can login safely.';
/** 401 for a missing, invalid or revoked token. */
export const AUTHENTICATE_WITH_VALID_TOKEN = 'Please authenticate using a valid token';
/** 409 on sign-up. */
export const EMAIL_ALREADY_EXISTS = 'Email already exists';
/** 409 on sign-up and profile update. */
export const USERNAME_ALREADY_EXISTS = 'Username already exists';
/** Rename, delete, invite, remove or restore by someone who does not own the canvas. */
export const NOT_ALLOWED = 'Not allowed!';
/** Rename to the current name. */
export const SAME_NAME_CANNOT_UPDATE = 'Same name - cannot update';
/** Inviting someone who already collaborates on the canvas. */
export const USER_ALREADY_JOINED = 'User already joined the canvas.';
/** Accepting without a pending invitation. */
export const INVALID_INVITATION = 'Invalid invitation.';
/** `error` event to a collaborator the owner removed. */
export const REMOVED_BY_ADMIN = 'You were removed by the admin.';
/** `error` event to each collaborator of a canvas its owner deleted. */
export const ADMIN_DELETED_CANVAS = 'Admin deleted the canvas.';
/** Leaving or saving (drawing on) a live canvas is not possible for this user. */
export const CANVAS_NOT_ACCESSIBLE = 'Canvas not accessable.';

// ── Spec: success alerts ───────────────────────────────────────────────────────────────

export const CANVAS_NAME_UPDATED = 'Canvas name Updated Successfully';
export const CANVAS_DELETED = 'Canvas deleted Successfully';
export const CANVAS_LEFT = 'Canvas left Successfully';

/** `invitation-accepted` message: '<username> joined the canvas'. */
export function joinedTheCanvas(username: string): string {
  return `${username} joined the canvas`;
}

// ── Spec: screens ──────────────────────────────────────────────────────────────────────

export const UNLEASH_YOUR_CREATIVITY = 'Unleash Your Creativity';
export const GET_STARTED_FOR_FREE = 'Get Started for Free!';
export const ALL_CANVASES_TITLE = 'All Canvases';
export const ALL_LIVE_CANVASES_TITLE = 'All Live Canvases';
export const YOUR_PROFILE_TITLE = 'Your Profile';
export const PAGE_NOT_FOUND_TITLE = 'Page not found';
export const PAGE_NOT_FOUND_TEXT = "Sorry, we couldn't find the page you're looking for.";
export const GO_BACK = 'Go back';
/** Canvas title for a signed-out visitor. */
export const WORK_WONT_BE_SAVED = "Your work won't be saved.";
/** Label of each of the two demo sign-in buttons (followed by 1 or 2). */
export const SIGN_IN_TEST_USER = 'Sign in Test User';
export const DELETE_CANVAS_CONFIRMATION =
  'Are you sure you want to delete your canvas? All of your data will be permanently removed. This action cannot be undone.';
export const DELETE = 'Delete';
export const CANCEL = 'Cancel';
export const ALL_ONLINE_USERS_TITLE = 'All Online Users';
export const NO_ONE_IS_ONLINE = '*No one is Online.';
export const INVITE = 'Invite';
export const REMOVE = 'Remove';

// ── Ours: where the spec says "not shown" ─────────────────────────────────────────────

/** 401 on login: one message for an unknown email and a wrong password. */
export const INVALID_CREDENTIALS = 'Invalid email or password.';
/** 429 from the auth rate limiter. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again later.';
/** 429 from the per-socket rate limiter. */
export const TOO_MANY_MESSAGES = 'Too many messages, please slow down.';
/** 413 / refused socket message over the size cap. */
export const MESSAGE_TOO_LARGE = 'Message too large.';
/** Any unexpected failure (the details go to the log, never to the client). */
export const SOMETHING_WENT_WRONG = 'Something went wrong.';
/** A payload that fails validation at the edge. */
export const INVALID_REQUEST = 'Invalid request.';
/** 404 for demo login when demo accounts are off. */
export const DEMO_ACCOUNTS_DISABLED = 'Demo accounts are not available.';
/** Profile update of a demo account. */
export const DEMO_ACCOUNT_READ_ONLY = 'Demo accounts cannot be changed.';
export const USER_NOT_FOUND = 'User not found.';
export const USER_ALREADY_REGISTERED = 'User already registered.';
export const NOTHING_TO_UPDATE = 'Nothing to update.';
export const INVALID_USERNAME = `Username must be ${MIN_USERNAME_LENGTH} to ${MAX_USERNAME_LENGTH} characters: letters, digits, '.', '_' or '-'.`;
export const INVALID_DISPLAY_NAME = `Name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`;
export const INVALID_EMAIL = 'Please enter a valid email.';
/** A command about a canvas that does not exist (or no longer does). */
export const CANVAS_NOT_FOUND = 'Canvas not found.';
export const CANVAS_ALREADY_EXISTS = 'Canvas already exists.';
export const INVALID_CANVAS_NAME = `Canvas name must be 1 to ${MAX_CANVAS_NAME_LENGTH} characters.`;
export const CANNOT_INVITE_YOURSELF = 'You cannot invite yourself.';
export const CANNOT_REMOVE_YOURSELF = 'You cannot remove yourself.';
export const NOT_A_COLLABORATOR = 'User is not a collaborator.';
/** The invitee of `invite-user` has no connected socket. */
export const USER_NOT_ONLINE = 'User is not online.';
export const EMPTY_UPDATE = 'An update needs at least one element.';
export const TOO_MANY_ELEMENTS = 'Too many elements in one update.';
export const INVALID_REVISION = 'Invalid revision.';
export const REVISION_PAST_END = 'That revision does not exist yet.';
export const INVALID_CHECKPOINT_LABEL = 'A version name must be 1 to 60 characters.';
export const ELEMENT_TYPE_NOT_ALLOWED = 'Element type not allowed.';
/** A collaborator's change would clear the board, and the owner does not let collaborators do that. */
export const CLEARING_NOT_ALLOWED =
  'The owner of this canvas does not let collaborators clear it. Nothing was deleted.';
/** Undo of something that is not a clear of this canvas (or no longer one). */
export const NOT_A_CLEAR = 'That change did not clear the canvas.';
/** The notice on every open board after a clear: "<name> cleared the canvas". */
export function clearedTheCanvas(name: string): string {
  return `${name || 'Someone'} cleared the canvas`;
}
/** A view-only link that does not exist or was revoked (for the owner and for viewers). */
export const SHARE_LINK_NOT_FOUND = 'This view link does not exist or was revoked.';
/** A scene download whose ticket is unknown, used or expired (the client joins again). */
export const SCENE_DOWNLOAD_NOT_FOUND =
  'This scene download was used or has expired: join the canvas again.';
export const TOO_MANY_SHARE_LINKS = 'A canvas can have at most 10 view links: revoke one first.';

// ── Ours: quotas (QUOTA_EXCEEDED; one stable text per limit, so the board can say which) ──

/** The user's drawing of the last minute reached `QUOTA_BYTES_PER_MINUTE`. */
export const QUOTA_BYTES_PER_MINUTE_REACHED =
  'You are saving drawings too fast: wait a minute, then draw again.';
/** The canvas holds `QUOTA_ELEMENTS_PER_CANVAS` elements (deleted ones included). */
export const QUOTA_ELEMENTS_PER_CANVAS_REACHED =
  'This canvas has reached its limit of elements: change or delete what is there, or start a new canvas.';
/** The canvas's saved drawing reached `QUOTA_BYTES_PER_CANVAS`. */
export const QUOTA_BYTES_PER_CANVAS_REACHED =
  'This canvas has reached its storage limit: nothing more can be saved on it. Start a new canvas.';
/** The user owns `QUOTA_CANVASES_PER_USER` canvases. */
export const QUOTA_CANVASES_PER_USER_REACHED =
  'You have reached the limit of canvases: delete one to create another.';
