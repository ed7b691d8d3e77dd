import { Download, X } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { SearchInput } from "~/components/admin/search-input";
import { buttonVariants } from "~/components/ui/button";
import { FORM_TYPES } from "~/lib/forms/submission";
import { FORM_TYPE_LABELS, inboxSearch, MAX_SEARCH_LENGTH, type InboxQuery } from "~/lib/submissions";
import { cn } from "~/lib/utils";

/**
 * Search and type filter (a GET form, so the URL carries them and works without JavaScript) and
 * the CSV export of exactly what the filter shows.
 */
export function InboxFilters({ query }: { query: InboxQuery }) {
  const submit = useSubmit();
  const filtered = !!query.q || !!query.type;
  const exportHref = `/admin/export/submissions.csv${inboxSearch(query, { page: false })}`;
  const cleared = inboxSearch({ ...query, q: "", type: null, page: 1 });
  return (
    <div className="flex flex-col gap-3 border border-border bg-surface p-4 lg:flex-row lg:items-end">
      <Form
        method="get"
        role="search"
        aria-label="Filter submissions"
        className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-end"
      >
        {query.view !== "inbox" ? <input type="hidden" name="status" value={query.view} /> : null}
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="inbox-q" className="text-xs font-medium tracking-[0.12em] text-muted-foreground uppercase">
            Search submissions
          </label>
          <SearchInput
            id="inbox-q"
            name="q"
            defaultValue={query.q}
            key={query.q}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Name, email, phone, service or message"
          />
        </div>
        <div className="flex flex-col gap-1.5 sm:w-52">
          <label htmlFor="inbox-type" className="text-xs font-medium tracking-[0.12em] text-muted-foreground uppercase">
            Form type
          </label>
          <select
            id="inbox-type"
            name="type"
            defaultValue={query.type ?? ""}
            key={query.type ?? ""}
            onChange={(event) => submit(event.currentTarget.form)}
            className="h-10 border border-border bg-surface px-3 text-sm focus-visible:border-foreground"
          >
            <option value="">All types</option>
            {FORM_TYPES.map((type) => (
              <option key={type} value={type}>
                {FORM_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonVariants({ variant: "solid", size: "sm", className: "h-10" })}>
            Search
          </button>
          {filtered ? (
            <Link
              to={`/admin/submissions${cleared}`}
              className={buttonVariants({ variant: "ghost", size: "sm", className: "h-10" })}
            >
              <X className="size-4" aria-hidden="true" />
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <a
        href={exportHref}
        download
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "h-10 lg:ml-2")}
        data-testid="export-csv"
      >
        <Download className="size-4" aria-hidden="true" />
        Export CSV
      </a>
    </div>
  );
}
