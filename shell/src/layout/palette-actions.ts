import { paths } from '@manager/contract';
import type { PaletteAction } from '../features/palette/components/palette-options';
import { chooseDark, isDark } from '../features/theme/color-scheme';

/**
 * What the command palette can do besides opening pages (docs/screens.md#layout): the forms
 * opened by the address (`?new=task` on Tasks, `?new=message` on Mailing) and the theme. Read
 * when the palette opens, so the theme action names what it will do now.
 */
export function paletteActions(): PaletteAction[] {
  const dark = isDark();
  return [
    { id: 'new-task', label: 'New task', to: `${paths.tasksList}?new=task` },
    { id: 'new-message', label: 'New message', to: `${paths.mailing}?new=message` },
    {
      id: 'dark-mode',
      label: dark ? 'Dark mode: turn off' : 'Dark mode: turn on',
      run: () => chooseDark(!dark),
    },
  ];
}
