import { Link } from "react-router";
import { inboxSearch, INBOX_VIEWS, VIEW_LABELS, type InboxQuery, type InboxView } from "~/lib/submissions";
import { cn } from "~/lib/utils";

/** The status views with their counts (within the current type and search). */
export function ViewTabs({ query, counts }: { query: InboxQuery; counts: Record<InboxView, number> }) {
  return (
    <nav aria-label="Submission status" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-border px-1">
        {INBOX_VIEWS.map((view) => {
          const current = view === query.view;
          return (
            <li key={view}>
              <Link
                to={`/admin/submissions${inboxSearch({ ...query, view, page: 1 })}`}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm transition-colors",
                  current
                    ? "border-accent font-medium text-foreground"
                    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                )}
              >
                {VIEW_LABELS[view]}
                <span
                  className={cn(
                    "min-w-6 rounded-full px-1.5 py-0.5 text-center text-[0.7rem] font-semibold tabular-nums",
                    current ? "bg-accent text-accent-foreground" : "bg-surface-muted text-muted-foreground",
                  )}
                >
                  {counts[view].toLocaleString("en-US")}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
