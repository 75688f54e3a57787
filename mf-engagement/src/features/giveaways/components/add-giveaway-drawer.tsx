import { Drawer } from '@manager/ui';
import { useRowCalls } from '@manager/platform';
import { useCreateGiveaway, type GiveawayFormValues } from '../api/save-giveaway';
import { GiveawayForm } from './giveaway-form';

/** Side panel Add New Giveaway. */
export function AddGiveawayDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateGiveaway();
  const { run } = useRowCalls();
  async function submit(values: GiveawayFormValues, image: File | null) {
    const added = await run(async () => {
      await create.mutateAsync({ values, image });
      return 'Giveaway added successfully!';
    });
    if (added) onClose();
    return added;
  }
  return (
    <Drawer title="Add New Giveaway" open={open} onClose={onClose} size="min(560px, 100vw)" destroyOnHidden>
      <GiveawayForm
        name="addGiveaway"
        submitLabel="Add Giveaway"
        busyLabel="Adding..."
        busy={create.isPending}
        onSubmit={submit}
      />
    </Drawer>
  );
}
