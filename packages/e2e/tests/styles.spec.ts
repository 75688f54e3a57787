import { test, expect } from './support/test';

test.describe('Shell: styles', { tag: '@shell' }, () => {
  /**
   * The console renders under `consolePageTheme` (packages/ui/src/theme.ts), so antd
   * generates no component rule in the browser; the shell links a sheet made at build time
   * from the console's theme (@manager/vite-config, antd-static-css.ts). Only the theme's CSS variables are
   * still written at run time. If the sheet went missing, components would be unstyled; if the
   * run-time styles came back, every first render would pay for them again.
   */
  test("antd's styles come from the build's sheet, with the console's theme, none made at run time", async ({
    page,
  }) => {
    await page.goto('/users/list');
    await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
    // A popup (rendered into document.body, outside the page's tree) and an on-demand component.
    await page.getByLabel('Status filter').click();
    await expect(page.locator('.ant-select-dropdown').getByText('Online', { exact: true })).toBeVisible();

    const styles = await page.evaluate(() => {
      const linked = [...document.styleSheets].filter((s) => s.href && /\/assets\/[^/]+\.css$/.test(s.href));
      const ruleCount = linked.reduce((n, s) => n + s.cssRules.length, 0);
      // A rule written at run time for an antd component that sets more than CSS variables.
      const generated: string[] = [];
      const walk = (rules: CSSRuleList) => {
        for (const rule of rules) {
          // Inside @layer and @media blocks too (antd writes its rules in `@layer antd`).
          if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
          if (!(rule instanceof CSSStyleRule) || !/\.ant-(?!icon)/.test(rule.selectorText)) continue;
          if ([...rule.style].some((p) => !p.startsWith('--'))) generated.push(rule.selectorText);
        }
      };
      for (const element of document.querySelectorAll('style'))
        if (element.sheet) walk(element.sheet.cssRules);
      const selected = document.querySelector('nav .ant-menu-item-selected');
      const dropdown = document.querySelector('.ant-select-dropdown');
      return {
        linkedSheets: linked.length,
        ruleCount,
        generated: generated.slice(0, 5),
        selectedColor: selected ? getComputedStyle(selected).color : null,
        dropdownPosition: dropdown ? getComputedStyle(dropdown).position : null,
        dropdownShadow: dropdown ? getComputedStyle(dropdown).boxShadow : null,
      };
    });

    expect(styles.linkedSheets).toBe(1);
    // Every antd component's rules (about 4,900 with antd 6.6).
    expect(styles.ruleCount).toBeGreaterThan(2_000);
    expect(styles.generated).toEqual([]);
    // The theme's primary colour (#0958d9, consoleTheme), not antd's default blue (#1677ff).
    expect(styles.selectedColor).toBe('rgb(9, 88, 217)');
    expect(styles.dropdownPosition).toBe('absolute');
    expect(styles.dropdownShadow).not.toBe('none');
  });
});
