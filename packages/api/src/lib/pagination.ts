/** A page request of a list call (`page` from 1, `limit` rows a page), as the contract parses it. */
export interface PageQuery {
  page: number;
  limit: number;
}

/** Rows to skip before the requested page. */
export const offsetOf = (q: PageQuery): number => (q.page - 1) * q.limit;

/** The shared part of every list's `pagination`; each call adds its own total (`totalItems`, `totalGames`...). */
export const pagesOf = (q: PageQuery, total: number) => ({ totalPages: Math.ceil(total / q.limit), currentPage: q.page });
