import type { SceneElement } from '@tabula/domain';
import type { WhiteboardExportOptions } from '../export/exportOptions';
import type {
  BoardViewProps,
  ElementBoardHandle,
  ViewLoader,
  WhiteboardChangeDetail,
  WhiteboardElementStatus,
  WhiteboardErrorDetail,
  WhiteboardStatusDetail,
} from './elementTypes';
import { ShadowBoardElement } from './ShadowBoardElement';

/**
 * `<tabula-whiteboard>`: a Tabula board in any page.
 *
 * - `server` + `canvas` + a session token (the `token` property, or attribute): the live board
 *   of a canvas the user owns or collaborates on;
 * - `server` + `view-token` (a view link's token; `canvas` optional): live and read-only, no
 *   account;
 * - none of them: a board on the page alone (`elements` in, `change` events out).
 *
 * Attributes `theme` (`light` | `dark`), `read-only`, `height`. Events (bubbling, composed):
 * `change` (`detail.elements`), `status` (`detail.status`), `error` (`detail`: `{ kind,
 * message, code? }`).
 */
/** The element's events, for typed `addEventListener` calls. */
export type TabulaWhiteboardEventMap = Omit<HTMLElementEventMap, 'change' | 'error'> & {
  change: CustomEvent<WhiteboardChangeDetail>;
  status: CustomEvent<WhiteboardStatusDetail>;
  error: CustomEvent<WhiteboardErrorDetail>;
};

type Listener<K extends keyof TabulaWhiteboardEventMap> = (
  this: TabulaWhiteboardElement,
  event: TabulaWhiteboardEventMap[K],
) => unknown;

export class TabulaWhiteboardElement extends ShadowBoardElement<BoardViewProps> {
  static readonly observedAttributes = [
    'server',
    'canvas',
    'token',
    'view-token',
    'theme',
    'read-only',
    'height',
  ];

  private tokenProperty: string | null = null;
  private handle: ElementBoardHandle | null = null;
  private pendingElements: readonly SceneElement[] = [];
  private statusNow: WhiteboardElementStatus = 'connecting';

  // Stable callbacks: the board's effects depend on them.
  private readonly onChange = (elements: readonly SceneElement[]): void =>
    this.emit<WhiteboardChangeDetail>('change', { elements });
  private readonly onStatus = (status: WhiteboardElementStatus): void => {
    if (status === this.statusNow) return;
    this.statusNow = status;
    this.emit<WhiteboardStatusDetail>('status', { status });
  };
  private readonly onError = (error: WhiteboardErrorDetail): void =>
    this.emit<WhiteboardErrorDetail>('error', error);
  private readonly onHandle = (handle: ElementBoardHandle | null): void => {
    this.handle = handle;
  };

  protected async loadView(): Promise<ViewLoader<BoardViewProps>> {
    // Excalidraw's chunk is fetched alongside the board's, not once the board mounts (the board
    // imports the same module: one fetch). A failure is the board's to report.
    void import('../board/excalidrawParts').catch(() => undefined);
    return (await import('./mountBoards')).boardLoader;
  }

  protected viewProps(): BoardViewProps {
    return {
      server: this.server,
      canvas: this.canvas,
      token: this.token,
      viewToken: this.viewToken,
      theme: this.theme,
      readOnly: this.readOnly,
      initialElements: this.pendingElements,
      onChange: this.onChange,
      onStatus: this.onStatus,
      onError: this.onError,
      onHandle: this.onHandle,
    };
  }

  get server(): string | null {
    return this.getAttribute('server');
  }
  set server(value: string | null) {
    this.setOrRemove('server', value);
  }

  get canvas(): string | null {
    return this.getAttribute('canvas');
  }
  set canvas(value: string | null) {
    this.setOrRemove('canvas', value);
  }

  get viewToken(): string | null {
    return this.getAttribute('view-token');
  }
  set viewToken(value: string | null) {
    this.setOrRemove('view-token', value);
  }

  /** The session token; set as a property it stays out of the DOM (an attribute works too). */
  get token(): string | null {
    return this.tokenProperty ?? this.getAttribute('token');
  }
  set token(value: string | null) {
    this.tokenProperty = value;
    this.update();
  }

  get theme(): 'light' | 'dark' {
    return this.getAttribute('theme') === 'dark' ? 'dark' : 'light';
  }
  set theme(value: 'light' | 'dark') {
    this.setAttribute('theme', value);
  }

  get readOnly(): boolean {
    return this.hasAttribute('read-only');
  }
  set readOnly(value: boolean) {
    this.toggleAttribute('read-only', value);
  }

  /** `connecting` · `joining` · `live` · `reconnecting` · `offline` · `signed-out` · `closed`, or `local`. */
  get status(): WhiteboardElementStatus {
    return this.statusNow;
  }

  /** The scene without deleted elements (copies). Set it to replace the scene. */
  get elements(): readonly SceneElement[] {
    if (!this.handle?.isReady()) return this.pendingElements;
    return this.handle.getScene().filter((element) => !element.isDeleted);
  }
  set elements(next: readonly SceneElement[]) {
    if (this.handle?.isReady()) this.handle.updateScene(next);
    else this.pendingElements = next;
  }

  /** True once the board holds its scene. */
  get ready(): boolean {
    return this.handle?.isReady() ?? false;
  }

  override addEventListener<K extends keyof TabulaWhiteboardEventMap>(
    type: K,
    listener: Listener<K>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void {
    super.addEventListener(type, listener, options);
  }

  override removeEventListener<K extends keyof TabulaWhiteboardEventMap>(
    type: K,
    listener: Listener<K>,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void {
    super.removeEventListener(type, listener, options);
  }

  exportPng(options?: WhiteboardExportOptions): Promise<Blob> {
    return this.ready ? this.handle!.exportPng(options) : Promise.reject(notReady());
  }

  exportSvg(options?: WhiteboardExportOptions): Promise<SVGSVGElement> {
    return this.ready ? this.handle!.exportSvg(options) : Promise.reject(notReady());
  }
}

function notReady(): Error {
  return new Error('The board is not ready yet (wait for its status, or `ready`).');
}
