import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { servicesContext } from "~/server/context";
import { requireStaff } from "~/server/auth/guard.server";
import { searchAdmin } from "~/server/search/admin-search.server";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = () => [{ title: "Search | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const { db, content } = args.context.get(servicesContext);
  const [{ timeZone }, results] = await Promise.all([
    content.getSettings(),
    q ? searchAdmin(db, q) : { pages: [], submissions: [] },
  ]);
  return { q, results, timeZone };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results, timeZone } = loaderData;
  const total = results.pages.length + results.submissions.length;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <form method="get" role="search" className="flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search pages and submissions
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          className="h-11 flex-1 border border-border bg-surface px-4"
        />
        <button type="submit" className="h-11 bg-accent px-5 text-sm text-accent-foreground">
          Search
        </button>
      </form>
      {q ? (
        <p className="text-sm text-muted-foreground" role="status">
          {total ? `${total} result${total === 1 ? "" : "s"} for "${q}"` : `No results for "${q}"`}
        </p>
      ) : null}
      {results.pages.length ? (
        <section>
          <h2 className="mb-3 text-xl">Pages</h2>
          <ul className="divide-y divide-border border border-border bg-surface">
            {results.pages.map((p) => (
              <li key={p.editPath}>
                <Link to={p.editPath} className="block px-5 py-3 hover:bg-surface-muted">
                  <span className="font-medium">{p.title}</span>
                  <span className="block text-sm text-muted-foreground">{p.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {results.submissions.length ? (
        <section>
          <h2 className="mb-3 text-xl">Submissions</h2>
          <ul className="divide-y divide-border border border-border bg-surface">
            {results.submissions.map((s) => (
              <li key={s.id}>
                <Link to={`/admin/submissions/${s.id}`} className="block px-5 py-3 hover:bg-surface-muted">
                  <span className="font-medium">{s.name || s.email}</span>{" "}
                  <span className="text-xs tracking-wide text-muted-foreground uppercase">{s.form_type}</span>
                  <span className="block text-sm text-muted-foreground">
                    {s.email} · {formatDateTime(s.created_at, timeZone)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
