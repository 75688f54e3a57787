import { EmptyState, PageHeader } from '@manager/ui';

/** A heading only (docs/screens.md): what will come is said, so the page is not taken for broken. */
export default function PackagesPage() {
  return (
    <>
      <PageHeader title="Packages" />
      <EmptyState
        title="Not available yet"
        description="Packages will be managed here. Payments are in Deposits."
      />
    </>
  );
}
