import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { OccupancyCard } from "~/components/admin/suites/occupancy-card";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { pageParam } from "~/lib/paging";
import { UNITS_PER_PAGE } from "~/lib/suites/forms";
import { freeNowLabel, rentFromLabel, rentLabel } from "~/lib/suites/suites";
import { cn } from "~/lib/utils";
import { servicesContext } from "~/server/context";
import { occupancyToday } from "~/server/suites/occupancy.server";
import { listSuiteTypes } from "~/server/suites/suite-types.server";
import { listUnits } from "~/server/suites/units.server";
import { SuitesErrorBoundary } from "~/components/admin/suites/suites-error";
import type { Route } from "./+types/suites";
import { requireSuitesAdmin } from "./suites.server";

/** /admin/suites (docs/product.md, Suites): the suite types /suites shows, and every unit with its lease. */

export const meta: Route.MetaFunction = () => [{ title: "Suites | Admin" }];

export const ErrorBoundary = SuitesErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  await requireSuitesAdmin(args);
  const { db } = args.context.get(servicesContext);
  const now = new Date();
  const page = pageParam(new URL(args.request.url).searchParams.get("page"));
  const occupancy = await occupancyToday(db, now);
  const [types, units] = await Promise.all([
    listSuiteTypes(db, now),
    listUnits(db, occupancy.day, page, UNITS_PER_PAGE),
  ]);
  return { types, units, occupancy };
}

const small = "h-9 gap-1.5 px-3 text-[0.8rem] font-medium tracking-normal normal-case";

/** The small outline "Edit" link of a type or a unit, named for screen readers. */
function EditLink({ to, name, className }: { to: string; name: string; className: string }) {
  return (
    <Link to={to} className={cn(buttonVariants({ variant: "outline" }), small, className)} aria-label={`Edit ${name}`}>
      <Pencil className="size-3.5" aria-hidden="true" />
      Edit
    </Link>
  );
}

/** A lease's days as the list shows them: "Jan 5, 2026 – Dec 31, 2026", or "from Jan 5, 2026". */
function leaseDays(start: string | null, end: string | null): string {
  if (!start) return "";
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, "UTC");
  return end ? `${day(start)} – ${day(end)}` : `From ${day(start)}`;
}

export default function SuitesAdmin({ loaderData }: Route.ComponentProps) {
  const { types, units, occupancy } = loaderData;
  const hydrated = useHydrated();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-3xl">Suites</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            The suite types on the suites page, and each unit with its lease. "Free now" follows the leases.
          </p>
        </div>
      </div>

      <OccupancyCard occupancy={occupancy} headingId="occupancy-title" title="Occupancy today" link={false} />

      <section aria-labelledby="types-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="types-title" className="text-xl">
            Suite types
          </h2>
          <Link to="/admin/suites/types/new" className={cn(buttonVariants({ variant: "outline" }), small)}>
            <Plus className="size-3.5" aria-hidden="true" />
            Add suite type
          </Link>
        </div>
        {types.length ? (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
            {types.map((type) => (
              <li key={type.id} className="flex flex-col gap-1 border border-border bg-surface p-4">
                <span className="font-medium">{type.name}</span>
                <span className="text-sm text-muted-foreground">
                  {rentFromLabel(type.rentFromCents, type.rentPeriod)} · {type.sizeLabel}
                </span>
                <span className="text-sm">{freeNowLabel(type.freeNow)}</span>
                <EditLink to={`/admin/suites/types/${type.id}`} name={type.name} className="mt-3 w-fit" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No suite types yet: the suites page shows none.</p>
        )}
      </section>

      <section aria-labelledby="units-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="units-title" className="text-xl">
            Units
          </h2>
          {types.length ? (
            <Link to="/admin/suites/units/new" className={cn(buttonVariants({ variant: "outline" }), small)}>
              <Plus className="size-3.5" aria-hidden="true" />
              Add unit
            </Link>
          ) : null}
        </div>
        {units.units.length ? (
          <ul className="divide-y divide-border border border-border bg-surface text-sm" data-testid="suite-units">
            {units.units.map((unit) => (
              <li
                key={unit.id}
                className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 px-4 py-3 md:grid-cols-[9rem_minmax(0,1fr)_12rem_6rem_auto] md:items-start"
              >
                <div>
                  <span className="block font-medium">{unit.name}</span>
                  <span className="block text-xs text-muted-foreground">{unit.typeName}</span>
                </div>
                <div className="col-span-2 row-start-2 min-w-0 md:col-span-1 md:row-start-auto">
                  {unit.lesseeName ? (
                    <>
                      <span className="block">{unit.lesseeName}</span>
                      <span className="block text-xs break-words text-muted-foreground">
                        {[unit.lesseeSpecialty, unit.lesseeEmail, unit.lesseePhone].filter(Boolean).join(" · ")}
                      </span>
                    </>
                  ) : (
                    <span className="text-muted-foreground">No lessee</span>
                  )}
                </div>
                <div className="col-span-2 row-start-3 flex flex-wrap items-baseline justify-between gap-x-3 md:col-span-1 md:row-start-auto md:block">
                  <span className={cn("block", unit.leasedOnDay ? "text-foreground" : "text-success")}>
                    {unit.leasedOnDay ? "Leased" : "Free now"}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {leaseDays(unit.leaseStart, unit.leaseEnd)}
                  </span>
                </div>
                <div className="col-span-2 row-start-4 tabular-nums md:col-span-1 md:row-start-auto md:text-right">
                  {unit.rentCents === null ? "" : rentLabel(unit.rentCents, unit.rentPeriod)}
                </div>
                <EditLink
                  to={`/admin/suites/units/${unit.id}`}
                  name={unit.name}
                  className="col-start-2 row-start-1 md:col-start-auto md:row-start-auto"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No units yet.</p>
        )}
        {units.pages > 1 ? (
          <nav aria-label="Units pages" className="flex items-center justify-between gap-4 text-sm">
            {units.page > 1 ? (
              <Link to={`?page=${units.page - 1}`} className={cn(buttonVariants({ variant: "outline" }), small)}>
                Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="text-muted-foreground">
              Page {units.page} of {units.pages} · {units.total} units
            </span>
            {units.page < units.pages ? (
              <Link to={`?page=${units.page + 1}`} className={cn(buttonVariants({ variant: "outline" }), small)}>
                Next
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
