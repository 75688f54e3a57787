import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** A serious or critical axe-core finding, with where it was found. */
export type Violation = { route: string; id: string; impact: string; help: string; targets: string[] };

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until the page's animations and transitions have ended (antd's fades, a button's click
 * wave, a colour changing with the theme): axe reads colours as they are at that moment, so a
 * scan mid-fade reports a contrast that no administrator sees. An animation without end (a busy
 * button's spinner) is not waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The serious and critical axe-core violations of what the page shows once its animations have
 * ended (or of the part `include` selects), by every rule or only the `rules` named.
 */
export async function scan(
  page: Page,
  route: string,
  include?: string,
  rules?: string[],
): Promise<Violation[]> {
  await settle(page);
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
