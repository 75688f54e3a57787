import { paths, type Permission } from '@manager/contract';
import type { PaletteAction } from '../features/palette/components/palette-options';
import { chooseDark, isDark } from '../features/theme/color-scheme';

/**
 * What the command palette can do besides opening pages (docs/screens.md#layout): the forms
 * opened by the address (`?new=task` on Tasks, `?new=message` on Mailing) and the theme. Read
 * when the palette opens, so the theme action names what it will do now. A form is offered only
 * to an admin who may make what it makes.
 */
export function paletteActions(can: (permission: Permission) => boolean): PaletteAction[] {
  const dark = isDark();
  return [
    ...(can('tasks.manage')
      ? [{ id: 'new-task', label: 'New task', to: `${paths.tasksList}?new=task` }]
      : []),
    ...(can('mailing.create')
      ? [{ id: 'new-message', label: 'New message', to: `${paths.mailing}?new=message` }]
      : []),
    {
      id: 'dark-mode',
      label: dark ? 'Dark mode: turn off' : 'Dark mode: turn on',
      run: () => chooseDark(!dark),
    },
  ];
}
