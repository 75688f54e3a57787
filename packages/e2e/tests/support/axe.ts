import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** A serious or critical axe-core finding, with where it was found. */
export type Violation = { route: string; id: string; impact: string; help: string; targets: string[] };

const BLOCKING = new Set(['serious', 'critical']);

/**
 * The serious and critical axe-core violations of what the page shows now (or of the part
 * `include` selects), by every rule or only the `rules` named.
 */
export async function scan(
  page: Page,
  route: string,
  include?: string,
  rules?: string[],
): Promise<Violation[]> {
  // Only violations are read: axe still runs every rule on every node, but does not gather and
  // send back the nodes that passed (thousands on a list page, for color-contrast alone), which
  // is most of a scan's time on a large page (axe-core's documented `resultTypes`).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  if (rules) builder = builder.withRules(rules);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      route,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' > ')),
    }));
}

/** One line per violation and its nodes, for the test log. */
export function report(violations: Violation[]): string {
  return violations
    .map((v) => `${v.route}: ${v.id} (${v.impact}) ${v.help}\n${v.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}

/** What an assertion compares with []: one short line per violation. */
export const summary = (violations: Violation[]) =>
  violations.map((v) => `${v.route} ${v.id} (${v.impact}): ${v.targets.join(', ')}`);
