import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/** Page numbers to show: first, last, and two either side of the current one, gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set(
    [1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

const item =
  "inline-flex h-9 min-w-9 items-center justify-center gap-1 border px-2.5 text-sm tabular-nums transition-colors";

/** Links to the pages of a list; `href` gives a page's address. */
export function Pagination({
  page,
  pageCount,
  href,
  label = "Pages",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          className={cn(item, "border-border bg-surface hover:border-foreground/40")}
          rel="prev"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Link>
      ) : null}
      {pageWindow(page, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={href(p)}
            aria-label={`Page ${p}`}
            aria-current={p === page ? "page" : undefined}
            className={cn(
              item,
              p === page
                ? "border-foreground bg-foreground text-background"
                : "border-border bg-surface hover:border-foreground/40",
            )}
          >
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link
          to={href(page + 1)}
          className={cn(item, "border-border bg-surface hover:border-foreground/40")}
          rel="next"
        >
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
