import { z } from 'zod';
import { PERMISSION_NAMES } from './permissions.ts';
import { paths, REMOTE_LABELS, REMOTE_NAMES, REMOTE_PREFIXES } from './routes.ts';

/**
 * An area is what one remote adds to the console: the five the shell is built with
 * (`REMOTE_NAMES`), and any other remote whose release states its area (a team's remote in a
 * repository of its own, docs/decisions/0026). Such a remote's `build.json` and its entry in
 * `remotes.json` carry an `area`: the menu group's label, its pages and the permission that
 * opens them, so the shell draws its menu and routes before loading any of its code.
 */

/** An area's name: its key in `remotes.json`, `mf_<name>` in Module Federation. */
export const AREA_NAME = /^[a-z][a-z0-9]{1,30}$/;
export type AreaName = string;

/** One page of an area, as its menu lists it: an absolute path of lower-case segments. */
export const areaPageSchema = z.object({
  path: z.string().regex(/^(\/[a-z0-9-]+)+$/, 'a path of lower-case segments, e.g. /outside/balances'),
  title: z.string().min(1).max(60),
});

export const areaSchema = z.object({
  /** The menu group's label and the area's name in messages ("<label> is unavailable"). */
  label: z.string().min(1).max(60),
  /** What opens every page of the area (the route guard and the menu read it). */
  permission: z.enum(PERMISSION_NAMES),
  pages: z.array(areaPageSchema).min(1).max(12),
});
export type AreaInfo = z.infer<typeof areaSchema>;

/** The path prefixes an area owns: the first segment of each of its pages. */
export function areaPrefixes(area: AreaInfo): string[] {
  return [...new Set(area.pages.map((page) => `/${page.path.split('/')[1]}`))];
}

/**
 * Prefixes no area may take: the shell's own pages, and what the servers in front of the
 * console answer themselves (its built files, releases, and the API paths a dev server passes
 * on), so a deep link to an area's page always reaches the shell.
 */
const RESERVED_PREFIXES = [
  paths.login,
  paths.dashboard,
  '/enrol',
  '/assets',
  '/releases',
  '/auth',
  '/manager',
  '/uploads',
];

/**
 * Why an area from outside the console cannot be mounted, or null when it can: its name or a
 * prefix is one the console (or an area listed before it, `taken`) already owns.
 */
export function areaConflict(name: string, area: AreaInfo, taken: readonly string[] = []): string | null {
  if (!AREA_NAME.test(name)) return `"${name}" is not an area name (a-z and 0-9, 2 to 31 characters)`;
  if ((REMOTE_NAMES as readonly string[]).includes(name))
    return `"${name}" is one of the console's own areas`;
  const owned = [...RESERVED_PREFIXES, ...REMOTE_NAMES.flatMap((n) => REMOTE_PREFIXES[n]), ...taken];
  const clash = areaPrefixes(area).find((prefix) => owned.includes(prefix));
  return clash ? `${clash} belongs to another area of the console` : null;
}

/** The console's own label of an area, else the label its release states, else its name. */
export function areaLabel(name: string, area?: AreaInfo): string {
  const own = Object.hasOwn(REMOTE_LABELS, name)
    ? REMOTE_LABELS[name as keyof typeof REMOTE_LABELS]
    : undefined;
  return own ?? area?.label ?? name;
}
