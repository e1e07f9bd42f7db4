import { describe, expect, it } from 'vitest';
import { fontFaces, forShadowRoot } from './shadowStyles';

const SHEET = `
@font-face{font-family:Assistant;src:url("./fonts/Assistant/Assistant-Regular.woff2") format("woff2")}
:root{--zIndex-modal: 1000}
:root[dir=ltr] .excalidraw .color-picker{left:0}
:root[dir=rtl] .excalidraw .color-picker{right:0}
.excalidraw{color:var(--text-primary-color)}
`;

describe('the board’s styles for a shadow root', () => {
  it('turns :root rules into :host rules and leaves the font faces out', () => {
    const css = forShadowRoot(SHEET);
    expect(css).not.toContain(':root');
    expect(css).not.toContain('@font-face');
    expect(css).toContain(':host{--zIndex-modal: 1000}');
    expect(css).toContain(':host .excalidraw .color-picker{left:0}');
    expect(css).toContain(':host([dir=rtl]) .excalidraw .color-picker{right:0}');
    expect(css).toContain('.excalidraw{color:var(--text-primary-color)}');
  });

  it('points the font faces at the fonts beside the module', () => {
    expect(fontFaces(SHEET, 'https://board.example/embed/v1/')).toBe(
      '@font-face{font-family:Assistant;src:url("https://board.example/embed/v1/fonts/Assistant/Assistant-Regular.woff2") format("woff2")}',
    );
  });
});
