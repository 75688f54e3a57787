import { areaPrefixes, REMOTE_NAMES, type AreaInfo, type AreaName } from '@manager/contract';
import { useMemo } from 'react';
import { useConsoleVersions, type ConsoleVersions } from './versions';

/** An area the shell was not built with, as remotes.json states it for the signed-in admin. */
export interface ExtraArea {
  name: AreaName;
  area: AreaInfo;
  prefixes: string[];
}

/**
 * The areas beyond the console's own five that this admin's remotes.json lists (docs/decisions/
 * 0026): `targetsFor` kept only those stating an area no other owns. The routes, the menu and
 * the palette read them; they appear once remotes.json is read.
 */
export function extraAreas(live: ConsoleVersions['live']): ExtraArea[] {
  return Object.entries(live).flatMap(([name, build]) =>
    build?.area && !(REMOTE_NAMES as readonly string[]).includes(name)
      ? [{ name, area: build.area, prefixes: areaPrefixes(build.area) }]
      : [],
  );
}

export function useExtraAreas(): ExtraArea[] {
  const { live } = useConsoleVersions();
  return useMemo(() => extraAreas(live), [live]);
}
