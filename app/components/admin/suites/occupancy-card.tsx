import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { formatDollars, rentLabel, type RentPeriod } from "~/lib/suites/suites";

/** Today's occupancy as the server counted it (app/server/suites/occupancy.server.ts). */
export interface OccupancyFigures {
  units: number;
  leased: number;
  rentRollCents: Record<RentPeriod, number>;
  byType: {
    typeId: number;
    name: string;
    units: number;
    leased: number;
    rentRollCents: number;
    rentPeriod: RentPeriod;
  }[];
}

/** The rent roll in all, a sum per period: "$2,565 / week", or "$2,565 / week + $65 / day". */
export function rentRollLabel(rentRollCents: Record<RentPeriod, number>): string {
  const week = rentLabel(rentRollCents.week, "week");
  return rentRollCents.day ? `${week} + ${rentLabel(rentRollCents.day, "day")}` : week;
}

/** "9 of 12 leased (75%)". */
export function leasedOfUnits(leased: number, units: number): string {
  const share = units ? ` (${Math.round((leased / units) * 100)}%)` : "";
  return `${leased} of ${units} leased${share}`;
}

/**
 * Units leased today and the rent roll, in all and per suite type; on the dashboard and in the
 * reports. The weekly leases' rent and the day chairs' rent today are shown apart, never added.
 */
export function OccupancyCard({
  occupancy,
  headingId,
  title = "Suites occupancy",
  link = true,
}: {
  occupancy: OccupancyFigures;
  headingId: string;
  title?: string;
  link?: boolean;
}) {
  const byDay = occupancy.byType.some((type) => type.rentPeriod === "day");
  return (
    <section aria-labelledby={headingId} className="border border-border bg-surface" data-testid="suites-occupancy">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-5 py-4 sm:px-6">
        <h2 id={headingId} className="text-xl">
          {title}
        </h2>
        {link ? (
          <Link to="/admin/suites" className="text-xs text-accent underline-offset-4 hover:underline">
            Suites
          </Link>
        ) : null}
      </header>
      <dl className={cn("grid grid-cols-2 divide-x divide-border", byDay && "sm:grid-cols-3")}>
        <div className="flex flex-col gap-1 px-5 py-4 sm:px-6">
          <dt className="text-xs font-medium tracking-[0.15em] text-muted-foreground uppercase">Units leased</dt>
          <dd className="font-display text-3xl tabular-nums lining-nums" data-testid="occupancy-leased">
            {occupancy.leased} / {occupancy.units}
          </dd>
        </div>
        <div className="flex flex-col gap-1 px-5 py-4 sm:px-6">
          <dt className="text-xs font-medium tracking-[0.15em] text-muted-foreground uppercase">Weekly rent roll</dt>
          <dd className="font-display text-3xl tabular-nums lining-nums" data-testid="occupancy-rent-roll">
            {formatDollars(occupancy.rentRollCents.week)}
          </dd>
        </div>
        {byDay ? (
          <div className="col-span-2 flex flex-col gap-1 border-t border-border px-5 py-4 sm:col-span-1 sm:border-t-0 sm:px-6">
            <dt className="text-xs font-medium tracking-[0.15em] text-muted-foreground uppercase">
              Daily rentals today
            </dt>
            <dd className="font-display text-3xl tabular-nums lining-nums" data-testid="occupancy-day-rent">
              {formatDollars(occupancy.rentRollCents.day)}
            </dd>
          </div>
        ) : null}
      </dl>
      {occupancy.byType.length ? (
        <ul className="divide-y divide-border border-t border-border text-sm">
          {occupancy.byType.map((type) => (
            <li
              key={type.typeId}
              className="grid grid-cols-[1fr_auto] gap-x-4 px-5 py-3 sm:grid-cols-[1fr_auto_auto] sm:px-6"
            >
              <span className="font-medium">{type.name}</span>
              <span className="text-muted-foreground">{leasedOfUnits(type.leased, type.units)}</span>
              <span className="col-start-2 tabular-nums sm:col-start-3">
                {rentLabel(type.rentRollCents, type.rentPeriod)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="border-t border-border px-5 py-4 text-sm text-muted-foreground sm:px-6">No units yet.</p>
      )}
    </section>
  );
}
