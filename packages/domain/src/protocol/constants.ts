/** The spec's business constants (section 9) and the client's storage keys and header. */

/** An invited user's Invite button counts down this long before it can invite again. */
export const INVITE_COOLDOWN_MS = 10_000;
/** An auth failure stays under the password field this long. */
export const ERROR_TEXT_MS = 5000;
/** The auth screen's mascot image resets this long after a focus change. */
export const MASCOT_RESET_MS = 2000;
/** The app background rotates to its next picture this often. */
export const BACKGROUND_ROTATION_MS = 30_000;
/** How many background pictures the app rotates through. */
export const BACKGROUND_PICTURE_COUNT = 3;
/** Popup (delete confirmation, online users) open/close animation. */
export const POPUP_ANIMATION_MS = 200;
/** Small-screen menu overlay animation. */
export const MOBILE_MENU_ANIMATION_MS = 150;

/** Viewports wider than this are desktop. */
export const DESKTOP_BREAKPOINT_PX = 768;
/** Desktop: side panel width subtracted from the drawing area. */
export const DESKTOP_SIDE_PANEL_PX = 242;
/** Desktop: top bar height subtracted from the drawing area. */
export const DESKTOP_TOP_BAR_PX = 61;
/** At or under the breakpoint: height subtracted from the drawing area. */
export const MOBILE_BAR_HEIGHT_PX = 103;
/** User agents containing one of these are treated as mobile. */
export const MOBILE_USER_AGENT_PATTERN = /Mobi|Android|iPhone|iPad|iPod/;

/**
 * The canvas backdrop cycle, as CSS colours, in the spec's order: transparent, light grey,
 * white, dark grey, light blue.
 */
export const BACKDROPS = ['transparent', 'lightgrey', 'white', 'darkgrey', 'lightblue'] as const;
export type Backdrop = (typeof BACKDROPS)[number];

/** localStorage key of the auth token. */
export const TOKEN_STORAGE_KEY = 'token';
/** localStorage key of the backdrop chosen on the personal canvas screen. */
export const BACKGROUND_COLOR_STORAGE_KEY = 'background-color';
/** localStorage key of the backdrop chosen on the live canvas screen. */
export const BACKDROP_STORAGE_KEY = 'backdrop';

/** HTTP header carrying the token. */
export const AUTH_HEADER = 'auth-token';
