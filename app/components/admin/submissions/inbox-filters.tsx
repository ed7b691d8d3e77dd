import { Download, X } from "lucide-react";
import { Link, useSubmit } from "react-router";
import { FilterSearch, FilterSelect, ListFilterBar } from "~/components/admin/list-filters";
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
    <ListFilterBar
      label="Filter submissions"
      aside={
        <a
          href={exportHref}
          download
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "h-10 lg:ml-2")}
          data-testid="export-csv"
        >
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      {query.view !== "inbox" ? <input type="hidden" name="status" value={query.view} /> : null}
      <FilterSearch
        id="inbox-q"
        label="Search submissions"
        value={query.q}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Name, email, phone, service or message"
      />
      <FilterSelect
        id="inbox-type"
        label="Form type"
        name="type"
        value={query.type ?? ""}
        anyLabel="All types"
        options={FORM_TYPES.map((type) => ({ value: type, label: FORM_TYPE_LABELS[type] }))}
        className="sm:w-52"
        onChange={(event) => submit(event.currentTarget.form)}
      />
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
    </ListFilterBar>
  );
}
