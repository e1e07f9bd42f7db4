import type { Page } from 'playwright-core';

/**
 * What the embed tests read from a page: the static canvas's drawn pixels and computed styles
 * inside and outside a board's shadow root. The functions given to `evaluate` run in the page.
 */

/** Dark pixels (a stroke) on the static canvas of board `#id`. */
export function darkPixels(page: Page, id: string): Promise<number> {
  return page.evaluate((which) => {
    const root = document.getElementById(which)?.shadowRoot;
    const canvas = root?.querySelector<HTMLCanvasElement>('canvas.excalidraw__canvas.static');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return -1;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 200 && data[i]! < 100 && data[i + 1]! < 100 && data[i + 2]! < 100) dark++;
    }
    return dark;
  }, id);
}

const STYLE_PROPERTIES = [
  'color',
  'boxSizing',
  'fontFamily',
  'fontSize',
  'lineHeight',
  'backgroundColor',
  'width',
  'height',
] as const;

type Styles = Record<string, Record<string, string>>;

function stylesOf(
  page: Page,
  where: { host: string | null; selectors: readonly string[] },
): Promise<Styles> {
  return page.evaluate(
    ({ host, selectors, properties }) => {
      const scope: ParentNode | null | undefined = host
        ? document.getElementById(host)?.shadowRoot
        : document;
      const result: Record<string, Record<string, string>> = {};
      for (const selector of selectors) {
        const element = scope?.querySelector(selector);
        if (!element) continue;
        const style = getComputedStyle(element) as unknown as Record<string, string>;
        result[selector] = Object.fromEntries(properties.map((name) => [name, style[name] ?? '']));
      }
      return result;
    },
    { ...where, properties: STYLE_PROPERTIES },
  );
}

/** Computed styles of parts of board `#id` (its root, toolbar, a tool, the menu button). */
export function boardElementStyles(page: Page, id: string): Promise<Styles> {
  return stylesOf(page, {
    host: id,
    selectors: [
      '.tabula-element-root',
      '.excalidraw',
      '.App-toolbar',
      '[data-testid="toolbar-rectangle"]',
      '[data-testid="main-menu-trigger"]',
      '.layer-ui__wrapper',
    ],
  });
}

/** Computed styles of the page's own elements (`#text`, `#button`, and the body's type). */
export async function pageElementStyles(page: Page): Promise<Styles> {
  const styles = await stylesOf(page, { host: null, selectors: ['#text', '#button', 'body'] });
  // The body grows with the board below the page's elements: its height is not a style.
  delete styles.body?.height;
  return styles;
}
