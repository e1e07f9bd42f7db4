/**
 * axe-core in a Playwright page: injects the library's source (no network) and runs it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One axe rule that failed, with the elements it failed on. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** The impacts a page must never have. */
export const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

let axeSource: string | undefined;

/** The source of axe-core's browser bundle, read once. */
export function axeCoreSource(): string {
  if (axeSource === undefined) {
    const require = createRequire(import.meta.url);
    axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  }
  return axeSource;
}

/**
 * Adds axe-core to the page as a script tag; where the page's Content-Security-Policy forbids
 * inline scripts (Tabula's does), evaluates the same source through the DevTools protocol,
 * which CSP does not govern. Either way nothing is fetched.
 */
async function injectAxe(page: Page): Promise<void> {
  try {
    await page.addScriptTag({ content: axeCoreSource() });
  } catch (error) {
    if (!String(error).includes('Content Security Policy')) throw error;
    await page.evaluate(`${axeCoreSource()}\n;undefined`);
  }
}

/**
 * Runs axe-core on the page as it is now and returns the serious and critical violations
 * (the ones a test must fail on). `exclude` lists CSS selectors axe should skip.
 */
export async function findBlockingA11yViolations(
  page: Page,
  exclude: readonly string[] = [],
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await injectAxe(page);
  const violations = await page.evaluate(
    async (skip: string[]) => {
      interface AxeGlobal {
        run(context: unknown, options: unknown): Promise<{ violations: unknown[] }>;
      }
      const axe = (window as unknown as { axe: AxeGlobal }).axe;
      const context = skip.length ? { exclude: skip.map((selector) => [selector]) } : document;
      const result = await axe.run(context, { resultTypes: ['violations'] });
      return JSON.parse(JSON.stringify(result.violations)) as unknown[];
    },
    [...exclude],
  );
  return (violations as AxeViolation[]).filter(
    (violation) => violation.impact !== null && BLOCKING_IMPACTS.includes(violation.impact),
  );
}

/** A readable list of violations for a failing assertion's message. */
export function formatA11yViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.html.slice(0, 160)}`)
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n');
}
