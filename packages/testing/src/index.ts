export {
  CHROMIUM_FLAGS,
  drag,
  guardedContext,
  guardLocalOnly,
  isLocalUrl,
  launchChromium,
  PAGE_WAIT_MS,
  pickTool,
} from './browser';
export type { LocalOnlyGuard } from './browser';
export { excalidrawElement } from './elements';
export { REPO_ROOT, freePort, startTabulaServer } from './server';
export type { StartTabulaServerOptions, TabulaServer } from './server';
export {
  BLOCKING_IMPACTS,
  axeCoreSource,
  findBlockingA11yViolations,
  formatA11yViolations,
} from './axe';
export type { AxeViolation } from './axe';
