import { Button, SearchOutlined, usePhone } from '@manager/ui';

/** The palette for a mouse or a phone: `Search` in the top bar (the icon alone on a phone). */
export function PaletteButton({ onOpen }: { onOpen: () => void }) {
  const phone = usePhone();
  return (
    <Button
      icon={<SearchOutlined aria-hidden />}
      aria-label={phone ? 'Search' : undefined}
      aria-keyshortcuts="Control+K Meta+K"
      aria-haspopup="dialog"
      title="Go to page or find a user (Ctrl+K)"
      onClick={onOpen}
    >
      {phone ? null : 'Search'}
    </Button>
  );
}
