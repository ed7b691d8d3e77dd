import { ChevronLeft, ChevronRight, Footprints } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { BookingDetails } from "~/components/admin/bookings/booking-details";
import { CalendarGrid } from "~/components/admin/bookings/calendar-grid";
import { BlockTimeDialog, NewBookingDialog, NewBookingSection } from "~/components/admin/bookings/new-booking-dialog";
import { RequestsList } from "~/components/admin/bookings/requests-list";
import { Pagination } from "~/components/admin/pagination";
import { MoveSection } from "~/components/admin/bookings/move-section";
import { WalkInSection } from "~/components/admin/bookings/walk-in-section";
import { NobodyDoesWarning, UnassignedNote } from "~/components/admin/staff/staffing-notices";
import { buttonVariants } from "~/components/ui/button";
import { addLocalDays, localDate, wallClockInstant } from "~/lib/booking/availability";
import { pageParam } from "~/lib/paging";
import {
  calendarSearch,
  parseCalendarQuery,
  stepDates,
  timeAxis,
  viewDays,
  type CalendarView,
} from "~/lib/booking/calendar";
import { servicesNobodyDoes } from "~/lib/booking/staff";
import { formatInZone, timeZoneName } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { requireStaff } from "~/server/auth/guard.server";
import {
  bookableStaff,
  calendarEntries,
  calendarResources,
  columnsFor,
  findEntry,
  pendingEntriesPage,
} from "~/server/booking/engine/calendar.server";
import { bookableServices } from "~/server/booking/engine/catalog.server";
import { getBookingSettings, openingHours } from "~/server/booking/model.server";
import { MOVABLE_STATUSES } from "~/lib/booking/model";
import { clientHistories } from "~/server/clients/history.server";
import { historyLine } from "~/lib/clients/history";
import { handleStaffBookingAction } from "~/routes/admin/bookings.server";
import { listUnassignedBookings } from "~/server/booking/people/staff.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => [{ title: "Bookings | Admin" }];

/** Local midnight of a date, or (a zone whose clocks skip midnight) the last instant before it. */
function midnight(date: string, timeZone: string): number {
  return wallClockInstant(date, 0, timeZone) ?? (wallClockInstant(date, 60, timeZone) ?? Date.parse(date)) - 3_600_000;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const [{ timeZone }, contact] = await Promise.all([content.getSettings(), content.getPage("contact")]);
  const today = localDate(Date.now(), timeZone);
  const params = new URL(args.request.url).searchParams;
  const query = parseCalendarQuery(params, today);
  const moveId = Number(params.get("move"));
  const days = viewDays(query.view, query.date);
  const from = midnight(days[0], timeZone);
  const to = midnight(addLocalDays(days[days.length - 1], 1), timeZone);
  const [entries, pending, resources, services, staff, selected, unassigned, moving] = await Promise.all([
    calendarEntries(db, from, to),
    pendingEntriesPage(db, pageParam(params.get("requests"))),
    calendarResources(db),
    bookableServices(content),
    bookableStaff(db),
    query.booking ? findEntry(db, query.booking) : undefined,
    listUnassignedBookings(db),
    Number.isInteger(moveId) && moveId > 0 ? findEntry(db, moveId) : undefined,
  ]);
  const now = Date.now();
  const [histories, bookingSettings] = await Promise.all([
    clientHistories(db, pending.entries, timeZone, now),
    getBookingSettings(db),
  ]);
  return {
    timeZone,
    zoneName: timeZoneName(timeZone),
    today,
    query,
    days,
    axis: timeAxis(days, openingHours(contact), entries, timeZone),
    resources,
    columns: columnsFor(resources, entries),
    entries,
    pending,
    // The request cards' ages, lapses and clients' histories are judged at this instant.
    now,
    requestExpiryHours: bookingSettings.requestExpiryHours,
    histories: histories.map(historyLine),
    services: services.map((s) => ({ id: s.id, title: s.title, options: s.options })),
    staff,
    selected: selected ?? null,
    // The booking the Move form is open for (?move=ID), while it may still be moved.
    moving: moving && moving.kind === "appointment" && MOVABLE_STATUSES.includes(moving.status) ? moving : null,
    // Once staff are active: services nobody does, and bookings from before that nobody is assigned to.
    nobodyDoes: servicesNobodyDoes(staff.map((s) => ({ isActive: true, services: s.services }))),
    unassigned: staff.length ? unassigned.length : 0,
  };
}

export async function action(args: Route.ActionArgs) {
  return handleStaffBookingAction(args);
}

function rangeTitle(view: CalendarView, days: string[]): string {
  const at = (d: string, pattern: string) => formatInZone(`${d}T12:00:00Z`, "UTC", pattern);
  if (view === "day") return at(days[0], "EEEE, MMMM d, yyyy");
  const first = days[0];
  const last = days[days.length - 1];
  return `${at(first, "MMM d")} – ${at(last, first.slice(0, 7) === last.slice(0, 7) ? "d, yyyy" : "MMM d, yyyy")}`;
}

function Toolbar({ view, date, today, days }: { view: CalendarView; date: string; today: string; days: string[] }) {
  const { previous, next } = stepDates(view, date);
  const step = view === "day" ? "day" : "week";
  const tab = (v: CalendarView, label: string) => (
    <Link
      to={calendarSearch({ view: v, date })}
      aria-current={view === v ? "page" : undefined}
      className={cn(
        "px-3 py-1.5 text-sm",
        view === v ? "bg-foreground text-background" : "text-muted-foreground hover:text-foreground",
      )}
    >
      {label}
    </Link>
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <nav aria-label="Calendar dates" className="flex items-center gap-1">
        <Link
          to={calendarSearch({ view, date: previous })}
          className={buttonVariants({ variant: "outline", size: "icon" })}
          aria-label={`Previous ${step}`}
        >
          <ChevronLeft aria-hidden="true" />
        </Link>
        <Link
          to={calendarSearch({ view, date: today })}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          aria-current={days.includes(today) ? "date" : undefined}
        >
          Today
        </Link>
        <Link
          to={calendarSearch({ view, date: next })}
          className={buttonVariants({ variant: "outline", size: "icon" })}
          aria-label={`Next ${step}`}
        >
          <ChevronRight aria-hidden="true" />
        </Link>
      </nav>
      <h3 className="text-lg sm:text-xl" data-testid="calendar-title">
        {rangeTitle(view, days)}
      </h3>
      <div className="flex items-center border border-border sm:ml-auto" role="group" aria-label="View">
        {tab("day", "Day")}
        {tab("week", "Week")}
      </div>
      <Form method="get" className="flex items-end gap-2">
        <input type="hidden" name="view" value={view} />
        <label htmlFor="calendar-date" className="sr-only">
          Go to date
        </label>
        <input
          id="calendar-date"
          type="date"
          name="date"
          defaultValue={date}
          key={date}
          className="h-9 border border-border bg-surface px-2 text-sm focus-visible:border-foreground"
        />
        <button type="submit" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Go
        </button>
      </Form>
    </div>
  );
}

export default function Bookings({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const { timeZone, zoneName, today, query, days, axis, resources, columns, entries, pending, selected } = loaderData;
  const appointments = entries.filter((e) => e.kind === "appointment").length;
  const blocks = entries.length - appointments;
  const summary = `${appointments} ${appointments === 1 ? "appointment" : "appointments"}${
    blocks ? `, ${blocks} blocked ${blocks === 1 ? "time" : "times"}` : ""
  } · times in ${zoneName}`;
  const selectedResource = selected ? (columns.find((c) => c.key === selected.resource)?.name ?? selected.staff) : "";
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10" data-hydrated={hydrated || undefined}>
      {loaderData.nobodyDoes.length || loaderData.unassigned ? (
        <div className="flex flex-col gap-3">
          <NobodyDoesWarning services={loaderData.nobodyDoes} staffLink />
          <UnassignedNote count={loaderData.unassigned} />
        </div>
      ) : null}
      <RequestsList
        entries={pending.entries}
        waiting={pending.waiting}
        proposed={pending.proposed}
        pagination={
          <Pagination
            page={pending.page}
            pageCount={pending.pageCount}
            label="Pages of requests"
            href={(p) => `${calendarSearch({ view: query.view, date: query.date })}&requests=${p}#booking-requests`}
          />
        }
        timeZone={timeZone}
        now={loaderData.now}
        requestExpiryHours={loaderData.requestExpiryHours}
        histories={loaderData.histories}
      />

      <section aria-labelledby="calendar-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="calendar-heading" className="text-2xl">
            Calendar
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="calendar-summary">
            {summary}
          </p>
          <div className="ml-auto flex flex-wrap gap-2">
            <Link to="/admin/bookings/waiting-list" className={buttonVariants({ variant: "outline", size: "sm" })}>
              Waiting list
            </Link>
            <Link
              to={`${calendarSearch({ view: "day", date: today })}&walkin=1`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <Footprints className="size-4" aria-hidden="true" />
              Walk-in
            </Link>
            <NewBookingDialog
              services={loaderData.services}
              staff={loaderData.staff}
              date={query.date}
              href={`${calendarSearch({ view: query.view, date: query.date })}&new=1`}
            />
            <BlockTimeDialog resources={resources} date={query.date} />
          </div>
        </div>
        {searchParams.get("new") === "1" ? (
          <NewBookingSection
            services={loaderData.services}
            staff={loaderData.staff}
            date={query.date}
            reply={actionData}
            draft={searchParams}
            closeHref={calendarSearch({ view: query.view, date: query.date })}
          />
        ) : null}
        {searchParams.get("walkin") === "1" ? (
          <WalkInSection
            services={loaderData.services}
            staff={loaderData.staff}
            reply={actionData}
            closeHref={calendarSearch({ view: query.view, date: query.date })}
          />
        ) : null}
        {loaderData.moving ? (
          <MoveSection
            entry={loaderData.moving}
            services={loaderData.services}
            staff={loaderData.staff}
            timeZone={timeZone}
            reply={actionData}
            closeHref={calendarSearch({ view: query.view, date: query.date })}
          />
        ) : null}
        <Toolbar view={query.view} date={query.date} today={today} days={days} />
        <CalendarGrid
          view={query.view}
          date={query.date}
          days={days}
          today={today}
          columns={columns}
          entries={entries}
          axis={axis}
          timeZone={timeZone}
        />
      </section>

      <BookingDetails
        entry={selected}
        resourceName={selectedResource}
        timeZone={timeZone}
        now={loaderData.now}
        closeHref={calendarSearch({ view: query.view, date: query.date })}
        moveHref={
          selected && MOVABLE_STATUSES.includes(selected.status) && selected.kind === "appointment"
            ? `${calendarSearch({ view: query.view, date: query.date })}&move=${selected.id}`
            : undefined
        }
      />
    </div>
  );
}
