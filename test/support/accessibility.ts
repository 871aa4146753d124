import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * axe-core's rule sets a screen is checked against: WCAG 2.0 and 2.1, levels A and AA, and
 * axe's best practices (landmarks, heading order, unique region names, …).
 */
export const AXE_RULE_SETS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** The impacts that fail a check: what blocks or badly hinders a person using the screen. */
export const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

let axeSource: string | undefined;

/** what axe-core reports of a rule that failed (the part read here) */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}

export interface AxeFinding {
  /** axe's rule id, e.g. color-contrast */
  rule: string;
  impact: string;
  /** axe's one-line description of the rule */
  help: string;
  /** the offending elements: CSS selector, the start of their HTML, axe's summary of what is wrong there */
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/**
 * Runs axe-core on the page as it is now and returns its serious and critical findings.
 * axe is loaded through the DevTools protocol's evaluate (`page.evaluate(source)`), which the
 * page's Content-Security-Policy does not apply to: no <script> tag is added.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // functions, not strings: Playwright runs a string through eval(), which the page's CSP refuses
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (runOnly) => {
    const page = globalThis as unknown as { document: unknown; axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } };
    const result = await page.axe.run(page.document, { runOnly, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'minor',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' >> '),
        html: n.html.length > 160 ? `${n.html.slice(0, 160)}…` : n.html,
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, [...AXE_RULE_SETS]);
  return violations.filter((v) => FAILING_IMPACTS.has(v.impact));
}

/** The findings as lines a reader can fix from: where, rule id, impact, element and what is wrong. */
export function describeFindings(where: string, findings: AxeFinding[]): string[] {
  return findings.flatMap((f) => f.nodes.map((n) => `${where}: [${f.rule}, ${f.impact}] ${f.help} at ${n.target} ${n.html}: ${n.summary}`));
}
