import excalidrawCss from '@excalidraw/excalidraw/index.css?raw';
import tabulaCss from '../styles.css?raw';

/**
 * The board's styles inside each element's shadow root, and nowhere else: Excalidraw's sheet and
 * ours, adopted as one constructable stylesheet shared by every element on the page. Two things
 * do not work from a shadow root and are handled at the document instead: `@font-face` (Chrome
 * ignores it there; a document sheet of font faces alone styles nothing) and the tooltip
 * Excalidraw appends to `document.body` (its rules only, under `.excalidraw-tooltip`).
 */

const FONT_FACES = /@font-face\s*{[^}]*}/g;

/** What keeps the page's inherited styles (color, font, line-height…) out of the board. */
const ISOLATION = `
:host { display: block; position: relative; height: 480px; contain: content; }
:host([hidden]) { display: none; }
.tabula-element-root {
  all: initial;
  display: block;
  position: absolute;
  inset: 0;
  box-sizing: border-box;
  font-family: Assistant, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  font-size: 16px;
  line-height: 1.5;
  color: #1b1b1f;
}
.tabula-element-root *, .tabula-element-root *::before, .tabula-element-root *::after {
  box-sizing: border-box;
}
.tabula-element-message { padding: 1rem; }
`;

/** Excalidraw's `:root` rules, for a shadow root (which has no `:root`): `:host` instead. */
export function forShadowRoot(css: string): string {
  return css
    .replace(FONT_FACES, '')
    .replaceAll(':root[dir=ltr]', ':host')
    .replaceAll(':root[dir=rtl]', ':host([dir=rtl])')
    .replaceAll(':root', ':host');
}

/** The `@font-face` rules of `css`, their `./fonts/` URLs pointing under `assetBase`. */
export function fontFaces(css: string, assetBase: string): string {
  return (css.match(FONT_FACES) ?? [])
    .map((rule) => rule.replaceAll(/url\((['"]?)\.\/fonts\//g, `url($1${assetBase}fonts/`))
    .join('\n');
}

let shadowSheet: CSSStyleSheet | null = null;

/** The sheet every board's shadow root adopts (made once). */
export function boardSheet(): CSSStyleSheet {
  if (!shadowSheet) {
    shadowSheet = new CSSStyleSheet();
    shadowSheet.replaceSync(
      `${forShadowRoot(excalidrawCss)}\n${forShadowRoot(tabulaCss)}\n${ISOLATION}`,
    );
  }
  return shadowSheet;
}

let documentSheet: CSSStyleSheet | null = null;

/**
 * Adds, once, the document sheet that only declares the board's UI font and styles the tooltip
 * Excalidraw puts under `document.body`: nothing else on the page matches it.
 */
export function installDocumentStyles(assetBase: string | null): void {
  if (documentSheet) return;
  documentSheet = new CSSStyleSheet();
  const tooltip = (excalidrawCss.match(/\.excalidraw-tooltip[^{]*{[^}]*}/g) ?? []).join('\n');
  documentSheet.replaceSync(`${assetBase ? fontFaces(excalidrawCss, assetBase) : ''}\n${tooltip}`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, documentSheet];
}
