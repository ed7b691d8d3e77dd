/**
 * Paging for the admin's lists, one way everywhere: a page number from the URL (anything that is not
 * a whole number from 1 reads as 1, at most MAX_PAGE), and the page a list shows once its total is
 * known (past the end shows the last). The links are components/admin/pagination.tsx.
 */

/** No one pages this far by hand; it keeps OFFSET bounded. */
export const MAX_PAGE = 10_000;

/** `?page=` as a number from 1: "abc", "-5", "2.5" or nothing read as 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

export interface PageSlice {
  /** The page shown: the one asked for, or the last when it asked past the end. */
  page: number;
  pageCount: number;
  /** Rows to skip before this page's first. */
  offset: number;
}

/** Where page `requested` of `total` rows, `pageSize` a page, starts. */
export function pageSlice(total: number, requested: number, pageSize: number): PageSlice {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}
