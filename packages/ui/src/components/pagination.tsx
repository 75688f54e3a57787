import { Button, Flex, Select, Typography } from '../antd.ts';
import { PAGINATION_WINDOW } from '../limits.ts';
import { pageWindow } from './page-window.ts';

interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  /** Total number of results (not pages). */
  total: number;
  onChange: (page: number) => void;
  /** Page numbers around the current one; the console shows 5 (docs/screens.md#common-behaviour). */
  windowSize?: number;
  /** Hides the "Showing x to y of z results" line. */
  hideSummary?: boolean;
  /** The page sizes offered ("Rows per page"); given with `onPageSize` where the API pages. */
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
  /** The list's own size: a larger chosen one that fits everything on one page keeps the pager. */
  defaultPageSize?: number;
}

/**
 * Previous / Next, windowed page numbers with first, last and ellipses, the
 * "Showing x to y of z results" line and, given `onPageSize`, a "Rows per page" choice. A page
 * change scrolls to the top. Renders nothing when everything fits on one page of the list's own size.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onChange,
  windowSize = PAGINATION_WINDOW,
  hideSummary,
  pageSizes,
  onPageSize,
  defaultPageSize = pageSize,
}: PaginationProps) {
  const totalPages = Math.max(0, Math.ceil(total / Math.max(1, pageSize)));
  const sizes = onPageSize && pageSizes?.length ? pageSizes : undefined;
  // Shown only when there is more than one page (the brief), or when a chosen size put on one
  // page what the list's own size would not: the choice then stays, to go back.
  const chosenFits = sizes !== undefined && total > defaultPageSize;
  if (totalPages <= 1 && !chosenFits) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const from = (current - 1) * pageSize + 1;
  // A new page starts at the top of the screen, not where the pager was (the window scrolls).
  const go = (next: number) => {
    onChange(next);
    window.scrollTo({ top: 0 });
  };
  const to = Math.min(current * pageSize, total);

  return (
    <Flex component="nav" aria-label="Pagination" justify="space-between" align="center" wrap gap={8}>
      {!hideSummary && (
        <Typography.Text type="secondary">
          Showing {from} to {to} of {total} results
        </Typography.Text>
      )}
      <Flex gap={4} wrap align="center">
        {sizes && (
          <Select
            aria-label="Rows per page"
            value={pageSize}
            onChange={(size: number) => {
              onPageSize?.(size);
              window.scrollTo({ top: 0 });
            }}
            options={sizes.map((size) => ({ value: size, label: `${size} / page` }))}
            style={{ width: 112, marginInlineEnd: 8 }}
          />
        )}
        <Button aria-label="Previous page" disabled={current === 1} onClick={() => go(current - 1)}>
          Previous
        </Button>
        {pageWindow(current, totalPages, windowSize).map((item, index) =>
          item === 'ellipsis' ? (
            <span key={`ellipsis-${index}`} aria-hidden="true" style={{ padding: '0 4px' }}>
              ...
            </span>
          ) : (
            <Button
              key={item}
              type={item === current ? 'primary' : 'default'}
              aria-label={`Page ${item}`}
              aria-current={item === current ? 'page' : undefined}
              onClick={() => item !== current && go(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button aria-label="Next page" disabled={current === totalPages} onClick={() => go(current + 1)}>
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
