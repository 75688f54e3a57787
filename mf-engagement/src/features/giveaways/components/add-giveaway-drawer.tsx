import { Drawer } from '@manager/ui';
import { toast } from '@manager/platform';
import { useCreateGiveaway, type GiveawayFormValues } from '../api/save-giveaway';
import { GiveawayForm } from './giveaway-form';

/** Side panel Add New Giveaway. */
export function AddGiveawayDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateGiveaway();
  async function submit(values: GiveawayFormValues, image: File | null) {
    try {
      await create.mutateAsync({ values, image });
      toast.success('Giveaway added successfully!');
      onClose();
      return true;
    } catch (error) {
      toast.error((error as Error).message);
      return false;
    }
  }
  return (
    <Drawer title="Add New Giveaway" open={open} onClose={onClose} size="min(560px, 100vw)" destroyOnHidden>
      <GiveawayForm name="addGiveaway" submitLabel="Add Giveaway" busyLabel="Adding..." busy={create.isPending} onSubmit={submit} />
    </Drawer>
  );
}
