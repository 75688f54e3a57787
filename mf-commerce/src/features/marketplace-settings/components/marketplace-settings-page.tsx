import { EmptyState, PageHeader } from '@manager/ui';

/** A heading only (docs/screens.md): what will come is said, so the page is not taken for broken. */
export default function MarketplaceSettingsPage() {
  return (
    <>
      <PageHeader title="Marketplace Settings" />
      <EmptyState
        title="Not available yet"
        description="The marketplace's settings will be edited here. Its items and orders are in Marketplace."
      />
    </>
  );
}
