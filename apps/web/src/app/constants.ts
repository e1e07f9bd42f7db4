/**
 * The spec's words and numbers as the web app uses them (sections 2, 8 and 9), taken from
 * `@tabula/domain` so server and client share one spelling.
 */
import {
  CANVAS_DELETED,
  CANVAS_LEFT,
  CANVAS_NAME_UPDATED,
  CANVAS_NOT_ACCESSIBLE,
  LOGOUT_FROM_OTHER_DEVICE,
  NOT_ALLOWED,
} from '@tabula/domain';
import {
  BACKDROP_STORAGE_KEY,
  BACKGROUND_COLOR_STORAGE_KEY,
  BACKGROUND_ROTATION_MS,
  DESKTOP_BREAKPOINT_PX,
  DESKTOP_SIDE_PANEL_PX,
  DESKTOP_TOP_BAR_PX,
  ERROR_TEXT_MS,
  INVITE_COOLDOWN_MS,
  MASCOT_RESET_MS,
  MOBILE_BAR_HEIGHT_PX,
  TOKEN_STORAGE_KEY,
} from '@tabula/domain/protocol';

/** Alert texts of the spec's section 8. */
export const MESSAGES = {
  loggedInElsewhere: LOGOUT_FROM_OTHER_DEVICE,
  notAllowed: NOT_ALLOWED,
  notAccessible: CANVAS_NOT_ACCESSIBLE,
  nameUpdated: CANVAS_NAME_UPDATED,
  deleted: CANVAS_DELETED,
  left: CANVAS_LEFT,
  /** The server ended this session (signed out on another device or tab). */
  signedOutElsewhere: 'You were signed out on another device. Sign in again to save your work.',
} as const;

/** Local storage keys (spec §9). */
export const STORAGE_KEYS = {
  token: TOKEN_STORAGE_KEY,
  backgroundColor: BACKGROUND_COLOR_STORAGE_KEY,
  backdrop: BACKDROP_STORAGE_KEY,
} as const;

/** Durations (spec §9); the alert toast's duration is ours (the spec does not give one). */
export const TIMING = {
  inviteCooldownSeconds: INVITE_COOLDOWN_MS / 1000,
  authErrorMs: ERROR_TEXT_MS,
  mascotResetMs: MASCOT_RESET_MS,
  backgroundRotationMs: BACKGROUND_ROTATION_MS,
  alertMs: 3000,
} as const;

/** Layout constants (spec §2 "Layout"). */
export const LAYOUT = {
  breakpointPx: DESKTOP_BREAKPOINT_PX,
  sidePanelPx: DESKTOP_SIDE_PANEL_PX,
  topBarPx: DESKTOP_TOP_BAR_PX,
  mobileBarPx: MOBILE_BAR_HEIGHT_PX,
} as const;

/** Routes of the spec's section 2. */
export const ROUTES = {
  home: '/',
  canvases: '/canvases',
  liveCanvases: '/livecanvases',
  profile: '/profile',
  signIn: '/signin',
  signUp: '/signup',
  canvas: (id: string) => `/canvas/${encodeURIComponent(id)}`,
  liveCanvas: (id: string) => `/livecanvas/${encodeURIComponent(id)}`,
  canvasHistory: (id: string) => `/canvas/${encodeURIComponent(id)}/history`,
  liveCanvasHistory: (id: string) => `/livecanvas/${encodeURIComponent(id)}/history`,
} as const;
