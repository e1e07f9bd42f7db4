/**
 * The spec's words and numbers in one place (sections 2, 8 and 9). Strings are
 * requirements word for word, misspellings included.
 */

/** Alert texts of the spec's section 8. */
export const MESSAGES = {
  loggedInElsewhere: 'Logout from other device first!',
  notAllowed: 'Not allowed!',
  notAccessible: 'Canvas not accessable.',
  nameUpdated: 'Canvas name Updated Successfully',
  deleted: 'Canvas deleted Successfully',
  left: 'Canvas left Successfully',
} as const;

/** Local storage keys (spec §9). */
export const STORAGE_KEYS = {
  token: 'token',
  backgroundColor: 'background-color',
  backdrop: 'backdrop',
} as const;

/** Durations in milliseconds (spec §9). */
export const TIMING = {
  inviteCooldownSeconds: 10,
  authErrorMs: 5000,
  mascotResetMs: 2000,
  backgroundRotationMs: 30000,
  alertMs: 3000,
} as const;

/** Layout constants (spec §2 "Layout"). */
export const LAYOUT = {
  breakpointPx: 768,
  sidePanelPx: 242,
  topBarPx: 61,
  mobileBarPx: 103,
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
} as const;
