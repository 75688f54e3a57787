import { EmptyState, PageHeader } from '@manager/ui';

/** A heading only (docs/screens.md): what will come is said, so the page is not taken for broken. */
export default function GameSettingsPage() {
  return (
    <>
      <PageHeader title="Game Settings" />
      <EmptyState
        title="Not available yet"
        description="The game's settings will be edited here. Games themselves are in Game History."
      />
    </>
  );
}
