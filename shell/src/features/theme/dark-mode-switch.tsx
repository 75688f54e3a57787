import { Flex, Switch, usePhone } from '@manager/ui';
import { chooseDark, useDark } from './color-scheme';

const SWITCH_ID = 'dark-mode-switch';

/** "Dark mode" in the top bar; on a phone the switch alone, named the same for screen readers. */
export function DarkModeSwitch() {
  const dark = useDark();
  const phone = usePhone();
  return (
    <Flex align="center" gap={6} style={{ whiteSpace: 'nowrap' }}>
      {!phone && <label htmlFor={SWITCH_ID}>Dark mode</label>}
      <Switch
        id={SWITCH_ID}
        aria-label={phone ? 'Dark mode' : undefined}
        // A phone's top bar holds every entry in one row: the small switch leaves room for them.
        size={phone ? 'small' : 'default'}
        checked={dark}
        onChange={chooseDark}
      />
    </Flex>
  );
}
