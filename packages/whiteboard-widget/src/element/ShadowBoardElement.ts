import { elementAssetBase } from './assetBase';
import type { MountedView, ViewLoader } from './elementTypes';
import { retargetMenuPresses } from './pointerTargets';
import { keepDialogsInside } from './portals';

/**
 * What both elements share: an open shadow root holding the board and its styles (the page's
 * styles stay out, the board's stay in), Excalidraw's dialogs kept inside it, the `height`
 * attribute, and the React view mounted on connection (its code loaded then) and unmounted
 * on removal.
 */
export abstract class ShadowBoardElement<P> extends HTMLElement {
  protected readonly container: HTMLDivElement;
  private view: MountedView<P> | null = null;
  private stopShadowFixes: (() => void) | null = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.container = document.createElement('div');
    this.container.className = 'tabula-element-root';
    this.container.setAttribute('part', 'board');
    root.append(this.container);
  }

  /** Loads the element's React side (a dynamic import: its own chunk). */
  protected abstract loadView(): Promise<ViewLoader<P>>;
  /** The view's props now (attributes and properties). */
  protected abstract viewProps(): P;

  connectedCallback(): void {
    if (!this.stopShadowFixes) {
      const stopDialogs = keepDialogsInside(this, this.shadowRoot!);
      const stopPresses = retargetMenuPresses(this.shadowRoot!);
      this.stopShadowFixes = () => {
        stopDialogs();
        stopPresses();
      };
    }
    this.applyHeight();
    // React, Excalidraw and the styles come with the first element that connects.
    void this.loadView().then((loader) => {
      if (!this.isConnected || this.view) return;
      loader.installDocumentStyles(elementAssetBase());
      this.shadowRoot!.adoptedStyleSheets = [loader.boardSheet()];
      this.view = loader.mount(this.container);
      this.update();
    });
  }

  disconnectedCallback(): void {
    this.view?.unmount();
    this.view = null;
    this.stopShadowFixes?.();
    this.stopShadowFixes = null;
  }

  attributeChangedCallback(name: string): void {
    if (name === 'height') this.applyHeight();
    else this.update();
  }

  /** Renders the view again with the current props (after an attribute or property change). */
  protected update(): void {
    this.view?.render(this.viewProps());
  }

  /** `height="600"` (pixels) or any CSS length; without it, 480 px or the page's CSS. */
  get height(): string | null {
    return this.getAttribute('height');
  }
  set height(value: string | null) {
    this.setOrRemove('height', value);
  }

  private applyHeight(): void {
    const height = this.height;
    if (height === null || height === '') this.style.removeProperty('height');
    else this.style.height = /^\d+(\.\d+)?$/.test(height) ? `${height}px` : height;
  }

  protected setOrRemove(name: string, value: string | null | undefined): void {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, value);
  }

  protected emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
