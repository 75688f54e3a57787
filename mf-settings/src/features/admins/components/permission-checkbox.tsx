import type { Permission } from '@manager/contract';
import { useCan } from '@manager/platform';
import { Checkbox, Typography } from '@manager/ui';

/** Said beside a permission the signed-in admin does not hold (the API refuses to give it). */
export const NOT_HELD_NOTE = 'You do not hold this permission';

/**
 * One permission of the catalogue in the New role panel: its description and its name; disabled
 * with a note when the signed-in admin does not hold it (no one gives what they lack).
 */
export function PermissionCheckbox({ name, description }: { name: Permission; description: string }) {
  const held = useCan(name);
  return (
    <Checkbox value={name} disabled={held ? undefined : true} style={{ alignItems: 'flex-start' }}>
      <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
        <span>{description}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {name}
          {held ? '' : ` (${NOT_HELD_NOTE})`}
        </Typography.Text>
      </span>
    </Checkbox>
  );
}
