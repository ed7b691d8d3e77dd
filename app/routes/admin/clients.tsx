import { Download, Users } from "lucide-react";
import { Link } from "react-router";
import { FilterSearch, ListFilterBar } from "~/components/admin/list-filters";
import { Pagination } from "~/components/admin/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { CLIENTS_PAGE_SIZE, clientSearch, parseClientQuery } from "~/lib/clients/directory";
import { formatInZone } from "~/lib/dates";
import { MAX_SEARCH_LENGTH } from "~/lib/submissions";
import { requireStaff } from "~/server/auth/guard.server";
import { listClients } from "~/server/clients/directory.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/clients";

/** /admin/clients (docs/product.md, Clients): every client, searched and paged, with their history. */

export const meta: Route.MetaFunction = () => [{ title: "Clients | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const query = parseClientQuery(new URL(args.request.url).searchParams);
  const { timeZone } = await content.getSettings();
  const page = await listClients(db, query, timeZone, Date.now());
  return { query: { ...query, page: page.page }, timeZone, ...page };
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, page, pageCount, timeZone } = loaderData;
  const first = (page - 1) * CLIENTS_PAGE_SIZE + 1;
  const last = Math.min(total, page * CLIENTS_PAGE_SIZE);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-2xl sm:text-3xl">Clients</h2>
        <p className="text-sm text-muted-foreground">
          Everyone who booked, joined the waiting list or wrote to the salon, matched by e-mail or phone.
        </p>
      </div>

      <ListFilterBar
        label="Search clients"
        aside={
          <a
            href={`/admin/export/clients.csv${clientSearch({ q: query.q, page: 1 })}`}
            className={buttonVariants({ variant: "outline" })}
            download
          >
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        }
      >
        <FilterSearch
          id="clients-q"
          label="Search clients"
          value={query.q}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Name, email or phone"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </ListFilterBar>

      <p className="min-h-5 text-sm text-muted-foreground" role="status" data-testid="result-summary">
        {total
          ? `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${count(total, "client", "clients")}${query.q ? ` matching “${query.q}”` : ""}`
          : null}
      </p>

      {rows.length ? (
        <ul className="flex flex-col border border-border bg-surface" aria-label="Clients">
          {rows.map((client) => (
            <li
              key={client.id}
              className="grid gap-x-6 gap-y-1 border-b border-border p-4 last:border-b-0 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_22rem]"
              data-testid="client-row"
            >
              <Link
                to={`/admin/clients/${client.id}`}
                className="text-base font-medium break-words underline-offset-4 hover:underline"
              >
                {client.name || client.email || client.phone}
              </Link>
              <div className="flex min-w-0 flex-col text-sm text-muted-foreground">
                {client.email ? <span className="break-all">{client.email}</span> : null}
                {client.phone ? <span>{client.phone}</span> : null}
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm md:justify-end">
                <div className="flex gap-1">
                  <dt className="text-muted-foreground">Visits</dt>
                  <dd className="tabular-nums">{client.visits}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-muted-foreground">Last visit</dt>
                  <dd>{client.lastVisitAt ? formatInZone(client.lastVisitAt, timeZone, "MMM d, yyyy") : "—"}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-muted-foreground">No-shows</dt>
                  <dd className={client.noShows ? "font-medium text-danger tabular-nums" : "tabular-nums"}>
                    {client.noShows}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 border border-dashed border-border bg-surface px-6 py-16 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
            <Users className="size-6" aria-hidden="true" />
          </span>
          <p className="font-display text-xl">{query.q ? "No clients match this search" : "No clients yet"}</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {query.q
              ? "Try part of a name, an e-mail or a phone number."
              : "A client is added with their first booking, waiting-list entry or message."}
          </p>
          {query.q ? (
            <Link to="/admin/clients" className="text-sm text-accent underline underline-offset-4">
              Show every client
            </Link>
          ) : null}
        </div>
      )}

      <Pagination
        page={page}
        pageCount={pageCount}
        href={(p) => `/admin/clients${clientSearch({ ...query, page: p })}`}
      />
    </div>
  );
}
