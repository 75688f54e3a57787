import { Button, Flex, Typography } from '@manager/ui';

interface AuditPagerProps {
  page: number;
  /** The next page's cursor; null on the last page or while a page loads. */
  nextCursor: string | null;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}

/** Previous / Next by cursor (the log has no total to number pages against). */
export function AuditPager({ page, nextCursor, onPrevious, onNext }: AuditPagerProps) {
  if (page === 1 && !nextCursor) return null;
  return (
    <Flex
      component="nav"
      aria-label="Audit log pages"
      justify="flex-end"
      align="center"
      gap={12}
      style={{ marginTop: 16 }}
    >
      <Button disabled={page === 1} onClick={onPrevious}>
        Previous page
      </Button>
      <Typography.Text aria-current="page">Page {page}</Typography.Text>
      <Button disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
        Next page
      </Button>
    </Flex>
  );
}
