// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { labelExcalidrawControls } from './accessibleControls';

describe("naming Excalidraw's unnamed controls", () => {
  it('names the main-menu button and keeps the zoom label containing the visible zoom', () => {
    document.body.innerHTML =
      '<button class="main-menu-trigger"></button><button class="reset-zoom-button" aria-label="Reset zoom">100%</button>';
    labelExcalidrawControls(document.body);
    expect(document.querySelector('.main-menu-trigger')!.getAttribute('aria-label')).toBe(
      'Main menu',
    );
    const reset = document.querySelector('.reset-zoom-button')!;
    expect(reset.getAttribute('aria-label')).toBe('100% (reset zoom)');
    reset.textContent = '150%';
    labelExcalidrawControls(document.body);
    expect(reset.getAttribute('aria-label')).toBe('150% (reset zoom)');
  });

  it('leaves a label Excalidraw already gives alone', () => {
    document.body.innerHTML = '<button class="main-menu-trigger" aria-label="Menu"></button>';
    labelExcalidrawControls(document.body);
    expect(document.querySelector('.main-menu-trigger')!.getAttribute('aria-label')).toBe('Menu');
  });
});
