// Renders every story of the built catalogue in Debian's Chromium and fails on a console error,
// an uncaught page error, a Storybook error display, any request that leaves 127.0.0.1, or a
// serious or critical axe-core violation (Excalidraw's own DOM inside the widget excepted).
import { describe, expect, it } from 'vitest';
import { findBlockingA11yViolations, formatA11yViolations } from '@tabula/testing';
import { catalogueEntries, openCatalogue } from './catalogue';
import { openStory, switchStory } from './storyPage';

const stories = catalogueEntries().filter((entry) => entry.type === 'story');

/** Excalidraw's own markup: its accessibility is upstream's, not this catalogue's. */
const AXE_EXCLUDE = ['.excalidraw'];

// Nothing may leave the machine: such requests are recorded and never sent.
const catalogue = openCatalogue();
let loadedGroup: string | undefined;

describe('storybook catalogue', () => {
  it('holds the stories of packages/ui', () => {
    expect(stories.filter((story) => story.title.startsWith('UI/')).length).toBeGreaterThan(20);
  });

  it.each(stories.map((story) => [`${story.title} › ${story.name}`, story] as const))(
    '%s renders without errors',
    async (_label, { id, title }) => {
      const { page, problems } = catalogue;
      problems.length = 0;
      // A fresh page per top-level group (UI, Whiteboard), so nothing late of the heavy widget
      // (fonts, workers) is blamed on a UI story; inside a group stories switch in place.
      const group = title.split('/')[0];
      const outcome =
        group === loadedGroup
          ? await switchStory(page, id)
          : await openStory(page, catalogue.origin, id);
      loadedGroup = group;
      const errorText =
        outcome === 'rendered'
          ? []
          : await page.locator('#error-message, #error-stack').allInnerTexts();
      // Effects (timers, listeners) get a moment to misbehave before the verdict.
      await page.waitForTimeout(50);
      const a11y = formatA11yViolations(await findBlockingA11yViolations(page, AXE_EXCLUDE));
      expect({ outcome, errorText, problems, a11y }).toEqual({
        outcome: 'rendered',
        errorText: [],
        problems: [],
        a11y: '',
      });
    },
  );
});
