import { EmptyState, PageHeader } from '@manager/ui';

/** A heading only (docs/screens.md): what will come is said, so the page is not taken for broken. */
export default function ShopSettingsPage() {
  return (
    <>
      <PageHeader title="Shop Settings" />
      <EmptyState
        title="Not available yet"
        description="The shop's settings will be edited here. Its items, orders and loot boxes are in Shop."
      />
    </>
  );
}
