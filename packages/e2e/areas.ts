/**
 * The suite's areas: a tag each, which every spec carries on its outermost `test.describe`
 * (README, "Tags"). The Playwright config makes a project of each (the specs of one area run
 * one at a time, areas side by side), `pnpm e2e <area>` runs an area's specs with the
 * journeys, and `.github/CODEOWNERS` gives each area's specs to the team that owns the area.
 */
export const AREAS = {
  shell: {
    folder: 'shell',
    team: '@manager-console/platform',
    holds: 'sign-in, layout, dashboard, palette, page policy, accessibility',
  },
  users: { folder: 'mf-users', team: '@manager-console/users', holds: 'users, games, leaderboards' },
  commerce: {
    folder: 'mf-commerce',
    team: '@manager-console/commerce',
    holds: 'marketplace, shop, loot boxes',
  },
  transactions: {
    folder: 'mf-transactions',
    team: '@manager-console/transactions',
    holds: 'withdrawals, deposits, inventory, packages',
  },
  engagement: {
    folder: 'mf-engagement',
    team: '@manager-console/engagement',
    holds: 'tasks, mailing, tournaments, giveaways',
  },
  settings: {
    folder: 'mf-settings',
    team: '@manager-console/settings',
    holds: 'settings, audit log, administrators, sign-in security',
  },
} as const;

/** QA: co-owns every spec and the suite's support code. */
export const QA_TEAM = '@manager-console/qa';

export type Area = keyof typeof AREAS;

export const AREA_TAGS = Object.keys(AREAS).map((area) => `@${area}`);

/**
 * Other tags: `@journey` (a path an administrator takes across remotes; every team runs them),
 * `@smoke` (reads only: safe against production), `@stack` (needs the suite's own stack: its
 * control port, releases folder or an API of the spec's own; the test's `stack` annotation
 * says which).
 */
export const TAGS = ['@journey', '@smoke', '@stack', '@stack-wide'] as const;

/**
 * The tag of tests that change what every open console loads (a promoted release, a stopped
 * remote, a moved remote): they run after every area and alone, in the `stack-wide` project.
 * They are `@stack` too.
 */
export const STACK_WIDE = '@stack-wide';
