import { describe, expect, it } from 'vitest';
import { axeCoreSource, formatA11yViolations } from './axe';

describe('axe helpers', () => {
  it('reads the axe-core browser bundle, which defines window.axe', () => {
    const source = axeCoreSource();
    expect(source.length).toBeGreaterThan(100_000);
    expect(source).toContain('axe.run');
  });

  it('names the rule, its impact and the offending element in the failure text', () => {
    const text = formatA11yViolations([
      {
        id: 'color-contrast',
        impact: 'serious',
        help: 'Elements must meet minimum color contrast ratio thresholds',
        helpUrl: 'https://dequeuniversity.com/rules/axe/4.11/color-contrast',
        nodes: [{ target: ['#cta'], html: '<a id="cta">Get Started for Free!</a>' }],
      },
    ]);
    expect(text).toContain('[serious] color-contrast');
    expect(text).toContain('#cta: <a id="cta">Get Started for Free!</a>');
  });
});
