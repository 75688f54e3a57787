import { EmptyState, PageHeader } from '@manager/ui';

/** A heading only (docs/screens.md): what will come is said, so the page is not taken for broken. */
export default function StaticTasksPage() {
  return (
    <>
      <PageHeader title="Static Tasks" subtitle="Manage static tasks" />
      <EmptyState
        title="Not available yet"
        description="Static tasks will be managed here. Rewarded tasks are in the Task List."
      />
    </>
  );
}
