import { ArrowLeft, Download, ShieldAlert } from "lucide-react";
import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { AdminField } from "~/components/admin/fields";
import { BarList, ChartLegend, ColumnChart } from "~/components/admin/reports/charts";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatAmount } from "~/lib/booking/menu-prices";
import { formatInZone } from "~/lib/dates";
import { percent } from "~/lib/reports/figures";
import { REPORT_PRESETS } from "~/lib/reports/range";
import { rentLabel } from "~/lib/suites/suites";
import { leasedOfUnits, rentRollLabel } from "~/components/admin/suites/occupancy-card";
import { loadReport } from "./reports.server";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = () => [{ title: "Reports | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadReport(args);
  return data(loaded, { status: loaded.ok ? 200 : 400 });
}

/** An editor's refusal (403), or a failure. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refused = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div
      className="mx-auto flex max-w-2xl flex-col items-start gap-4 border border-border bg-surface p-8 sm:p-10"
      data-testid="reports-refusal"
    >
      <p className="flex items-center gap-2 text-xs font-medium tracking-[0.2em] text-accent-strong uppercase">
        <ShieldAlert className="size-4" aria-hidden="true" />
        {refused ? "Error 403" : "Something went wrong"}
      </p>
      <h2 className="text-3xl">{refused ? "Only an admin can see reports" : "The reports could not be opened"}</h2>
      <p className="text-sm text-muted-foreground">
        {refused
          ? "Only an admin can do this. Ask the salon's admin for the figures you need."
          : "Please try again in a moment."}
      </p>
      <Link to="/admin/dashboard" className={buttonVariants({ variant: "outline", size: "sm" })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the dashboard
      </Link>
    </div>
  );
}

/** "2026-11-02" → "Nov 2"; with the year: "Nov 2, 2026". */
const day = (date: string, withYear = false) =>
  formatInZone(`${date}T12:00:00Z`, "UTC", withYear ? "MMM d, yyyy" : "MMM d");
/** A week's short label under its column: "11/2". */
const weekTick = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
const hours = (minutes: number) => `${(Math.round(minutes / 6) / 10).toLocaleString("en-US")} h`;
const count = (n: number) => n.toLocaleString("en-US");

function Card({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border border-border bg-surface" data-testid={id}>
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-5 py-4 sm:px-6">
        <h2 id={id} className="text-xl">
          {title}
        </h2>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </header>
      <div className="grid gap-6 px-5 py-5 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        {children}
      </div>
    </section>
  );
}

/** The numbers a chart draws, as a table: a heading row and one row per item, figures right-aligned. */
function Figures({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs tracking-[0.08em] text-muted-foreground uppercase">
            {head.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={i === 0 ? "py-2 pr-3 font-medium" : "py-2 pl-3 text-right font-medium"}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="py-2 pr-3 text-left font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="py-2 pl-3 text-right tabular-nums lining-nums">
                    {typeof cell === "number" ? count(cell) : cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Headline({ label, value, note, testId }: { label: string; value: string; note: string; testId: string }) {
  return (
    <div className="flex flex-col gap-2 border border-border bg-surface p-4 sm:p-5" data-testid={testId}>
      <span className="text-xs font-medium tracking-[0.15em] text-muted-foreground uppercase">{label}</span>
      <span className="font-display text-3xl leading-none tabular-nums lining-nums sm:text-4xl">{value}</span>
      <span className="text-sm text-muted-foreground">{note}</span>
    </div>
  );
}

function RangeForm({ from, to, error }: { from: string; to: string; error?: string }) {
  return (
    <section aria-label="Date range" className="flex flex-col gap-4 border border-border bg-surface p-5 sm:p-6">
      <Form method="get" className="grid grid-cols-2 items-end gap-4 sm:flex sm:flex-wrap">
        <AdminField
          name="from"
          label="From"
          type="date"
          defaultValue={from}
          required
          errors={error ? [error] : undefined}
          className="sm:w-44"
        />
        <AdminField name="to" label="To" type="date" defaultValue={to} required className="sm:w-44" />
        <Button type="submit" className="col-span-2 sm:col-span-1">
          Show
        </Button>
      </Form>
      <nav aria-label="Ranges" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {REPORT_PRESETS.map((preset) => (
          <Link key={preset.id} to={`?preset=${preset.id}`} className="text-accent underline-offset-4 hover:underline">
            {preset.label}
          </Link>
        ))}
      </nav>
    </section>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <RangeForm from={loaderData.asked.from} to={loaderData.asked.to} error={loaderData.error} />
      </div>
    );
  }
  const { report, occupancy } = loaderData;
  const { range } = report;
  const query = `from=${range.from}&to=${range.to}`;
  const booked = report.bookingsPerWeek.reduce((sum, w) => sum + w.total, 0);
  const enquiries = report.enquiries.reduce((sum, e) => sum + e.count, 0);
  const ticks = report.weeks.map((w) => weekTick(w.from));
  const visitsNote = `Visits counted until ${day(report.visitsBefore)}, not yet today`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 sm:gap-8">
      <section className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-3xl">Reports</h2>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="report-range">
            <time dateTime={range.from}>{day(range.from, true)}</time> to{" "}
            <time dateTime={range.to}>{day(range.to, true)}</time>, in weeks from Monday to Sunday
          </p>
        </div>
        <a
          href={`/admin/export/reports.csv?${query}`}
          download
          className="inline-flex items-center gap-2 text-sm text-accent underline-offset-4 hover:underline"
        >
          <Download className="size-4" aria-hidden="true" />
          Download CSV
        </a>
      </section>

      <RangeForm from={range.from} to={range.to} />

      <section aria-label="At a glance" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Headline label="Bookings" value={count(booked)} note="Requested or confirmed" testId="headline-bookings" />
        <Headline
          label="Revenue estimate"
          value={formatAmount(report.revenue.amount)}
          note={`${count(report.revenue.completedVisits)} completed visits at their listed prices`}
          testId="headline-revenue"
        />
        <Headline
          label="No-show rate"
          value={percent(report.noShows.rate)}
          note={`${count(report.noShows.noShows)} of ${count(report.noShows.reached)} appointments`}
          testId="headline-no-shows"
        />
        <Headline
          label="Enquiries"
          value={count(enquiries)}
          note="Form submissions, spam left out"
          testId="headline-enquiries"
        />
      </section>

      <Card id="bookings-per-week" title="Bookings per week" note="By how they came in">
        <div className="flex flex-col gap-3">
          <ChartLegend labels={report.channels.map((c) => c.label)} />
          <ColumnChart
            title={`Bookings per week by channel, ${day(range.from)} to ${day(range.to)}`}
            labels={ticks}
            series={report.channels.map((c) => ({
              label: c.label,
              values: report.bookingsPerWeek.map((w) => w.byChannel[c.id] ?? 0),
            }))}
          />
        </div>
        <Figures
          caption="Bookings per week by channel"
          head={["Week of", ...report.channels.map((c) => c.label), "All"]}
          rows={report.bookingsPerWeek.map((w) => [
            day(w.from),
            ...report.channels.map((c) => w.byChannel[c.id] ?? 0),
            w.total,
          ])}
        />
      </Card>

      <Card id="utilisation" title="Utilisation" note="Booked time of each person's working time">
        {report.utilisation.length ? (
          <>
            <BarList
              title="Utilisation per person"
              max={1}
              items={report.utilisation.map((p) => ({ label: p.name, value: p.rate ?? 0, text: percent(p.rate) }))}
            />
            <Figures
              caption="Booked and working time per person"
              head={["Person", "Booked", "Working", "Utilisation"]}
              rows={report.utilisation.map((p) => [
                p.name,
                hours(p.bookedMinutes),
                hours(p.workingMinutes),
                percent(p.rate),
              ])}
            />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No staff yet: add the people clients book under Staff.</p>
        )}
      </Card>

      <Card id="top-services" title="Top services" note={visitsNote}>
        {report.topServices.length ? (
          <>
            <BarList
              title="Completed visits per service"
              items={report.topServices.map((s) => ({
                label: s.service,
                value: s.visits,
                text: `${count(s.visits)} ${s.visits === 1 ? "visit" : "visits"}`,
              }))}
            />
            <Figures
              caption="Completed visits and revenue estimate per service"
              head={["Service", "Visits", "Revenue estimate"]}
              rows={report.topServices.map((s) => [s.service, s.visits, formatAmount(s.revenue)])}
            />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No completed visits in this range.</p>
        )}
      </Card>

      <Card id="enquiries" title="Enquiries per form" note="Spam left out">
        <BarList
          title="Form submissions per form"
          items={report.enquiries.map((e) => ({ label: e.label, value: e.count, text: count(e.count) }))}
        />
        <Figures
          caption="Form submissions per form"
          head={["Form", "Submissions"]}
          rows={report.enquiries.map((e) => [e.label, e.count])}
        />
      </Card>

      <Card id="suite-applications" title="Suite applications per week">
        <ColumnChart
          title={`Suite applications per week, ${day(range.from)} to ${day(range.to)}`}
          labels={ticks}
          series={[{ label: "Suite applications", values: report.suiteApplicationsPerWeek.map((w) => w.count) }]}
        />
        <Figures
          caption="Suite applications per week"
          head={["Week of", "Applications"]}
          rows={report.suiteApplicationsPerWeek.map((w) => [day(w.from), w.count])}
        />
      </Card>

      <Card
        id="suites-occupancy"
        title="Suites occupancy"
        note={`Today, ${day(occupancy.day, true)}, whatever the range`}
      >
        <Figures
          caption="Suites occupancy today by suite type"
          head={["Suite type", "Units", "Leased", "Free", "Rent roll"]}
          rows={[
            ...occupancy.byType.map((t) => [
              t.name,
              t.units,
              t.leased,
              t.units - t.leased,
              rentLabel(t.rentRollCents, t.rentPeriod),
            ]),
            [
              "All suites",
              occupancy.units,
              occupancy.leased,
              occupancy.units - occupancy.leased,
              rentRollLabel(occupancy.rentRollCents),
            ],
          ]}
        />
        <p className="text-sm text-muted-foreground">
          {leasedOfUnits(occupancy.leased, occupancy.units)}: units whose lease covers today, on the salon&apos;s
          calendar. The rent roll adds those leases&apos; rents, the weekly ones a week and the daily ones for today,
          never one into the other.
        </p>
      </Card>
    </div>
  );
}
