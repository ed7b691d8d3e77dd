import {
  ArrowRight,
  CalendarClock,
  Check,
  Circle,
  Inbox,
  MessageSquareText,
  PencilLine,
  SlidersHorizontal,
  Sparkles,
  Upload,
} from "lucide-react";
import { Form, Link } from "react-router";
import { FailedSignInsNotice } from "~/components/admin/failed-sign-ins";
import { Button } from "~/components/ui/button";
import { OccupancyCard } from "~/components/admin/suites/occupancy-card";
import { formatAmount } from "~/lib/booking/menu-prices";
import { formatDateTime, formatInZone, greetingFor } from "~/lib/dates";
import { changeFromLastWeek } from "~/lib/reports/figures";
import { timeAgo } from "~/lib/time-ago";
import type { FormType } from "~/lib/forms/submission";
import { DEFAULT_QUERY, inboxSearch, type InboxQuery } from "~/lib/submissions";
import { cn } from "~/lib/utils";
import { servicesContext } from "~/server/context";
import { recentActivity } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guard.server";
import { failedSinceLastSignIn } from "~/server/auth/sign-in-history.server";
import { firstRunChecklist, type Checklist } from "~/server/dashboard/checklist.server";
import { dashboardStats, type DashboardAppointment } from "~/server/dashboard/stats.server";
import { DEMO_NOTICE, hasDemoData } from "~/server/demo/demo.server";
import { weekAgainstLast, type WeekAgainstLast } from "~/server/reports/reports.server";
import { occupancyToday } from "~/server/suites/occupancy.server";
import type { Route } from "./+types/dashboard";
import { checklistAction } from "./dashboard.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const { timeZone } = await content.getSettings();
  const now = new Date();
  const [stats, activity, failedSignIns, week, demo, checklist, occupancy] = await Promise.all([
    dashboardStats(db, timeZone, now),
    recentActivity(db, 10),
    failedSinceLastSignIn(db, user.userId),
    weekAgainstLast(db, timeZone, now),
    hasDemoData(db),
    // The checklist is the owner's: admins only.
    user.role === "admin" ? firstRunChecklist(db, content, user.userId) : null,
    // Lessees' rents are for admins, like the reports.
    user.role === "admin" ? occupancyToday(db, now) : null,
  ]);
  // The greeting depends on the hour: decided once, here, so the browser renders the same words.
  return {
    email: user.email,
    greeting: greetingFor(timeZone, now),
    // Ages ("2 h ago") are read at this instant, so the browser renders the same words.
    now: now.getTime(),
    timeZone,
    week,
    stats,
    activity,
    failedSignIns,
    demoNotice: demo ? DEMO_NOTICE : null,
    checklist: checklist?.show ? checklist : null,
    occupancy,
  };
}

export async function action(args: Route.ActionArgs) {
  return checklistAction(args);
}

/** What to change before launch, each item ticked when the data shows it done, until all are or it is dismissed. */
function FirstRunChecklist({ checklist }: { checklist: Checklist }) {
  const total = checklist.items.length;
  return (
    <section aria-labelledby="first-run" className="border border-border bg-surface" data-testid="first-run-checklist">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-5 py-4 sm:px-6">
        <h2 id="first-run" className="text-xl">
          Before you launch
        </h2>
        <p className="text-xs text-muted-foreground" data-testid="first-run-progress">
          {checklist.doneCount} of {total} done
        </p>
      </header>
      <ol className="divide-y divide-border">
        {checklist.items.map((item) => (
          <li
            key={item.id}
            data-testid={`checklist-${item.id}`}
            data-done={item.done ? "true" : "false"}
            className="grid grid-cols-[1.5rem_1fr] gap-x-3 gap-y-2 px-5 py-4 sm:grid-cols-[1.5rem_1fr_auto] sm:items-center sm:px-6"
          >
            <span
              className={cn(
                "mt-0.5 grid size-6 place-items-center rounded-full sm:mt-0",
                item.done ? "bg-success text-background" : "border border-border text-transparent",
              )}
            >
              {item.done ? (
                <Check className="size-3.5" aria-hidden="true" />
              ) : (
                <Circle className="size-3" aria-hidden="true" />
              )}
            </span>
            <span className="min-w-0">
              <span className={cn("block text-sm font-medium", item.done && "text-muted-foreground line-through")}>
                {item.title}
                <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
              </span>
              <span className="block text-sm text-muted-foreground">{item.detail}</span>
            </span>
            {item.done ? null : (
              <span className="col-start-2 flex flex-wrap items-center gap-x-4 gap-y-2 sm:col-start-3">
                {item.to.startsWith("/admin") ? (
                  <Link to={item.to} className="text-sm text-accent underline underline-offset-4">
                    {item.action}
                  </Link>
                ) : (
                  <a href={item.to} className="text-sm text-accent underline underline-offset-4">
                    {item.action}
                  </a>
                )}
                {item.id === "prices" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="prices-checked" />
                    <Button type="submit" variant="outline" size="sm">
                      Mark as checked
                    </Button>
                  </Form>
                ) : null}
              </span>
            )}
          </li>
        ))}
      </ol>
      <Form method="post" className="border-t border-border px-5 py-3 sm:px-6">
        <input type="hidden" name="intent" value="dismiss-checklist" />
        <Button type="submit" variant="ghost" size="sm">
          Hide this checklist
        </Button>
      </Form>
    </section>
  );
}

const QUICK_ACTIONS = [
  { title: "Edit Homepage", text: "Hero slides and home sections", to: "/admin/hero-slides", icon: SlidersHorizontal },
  { title: "Upload Images", text: "Add photos to the media library", to: "/admin/media", icon: Upload },
  { title: "Update Content", text: "Edit the text of any page", to: "/admin/pages", icon: PencilLine },
  { title: "View Submissions", text: "Bookings, messages and applications", to: "/admin/submissions", icon: Inbox },
];

/** The weekly list's names, in the order an owner reads them: bookings first, the newsletter last. */
const WEEKLY_LABELS: Record<FormType, [one: string, many: string]> = {
  Booking: ["Booking request", "Booking requests"],
  appointment_request: ["Appointment request", "Appointment requests"],
  Contact: ["Contact message", "Contact messages"],
  "Suite Application": ["Suite application", "Suite applications"],
  Newsletter: ["Newsletter sign-up", "Newsletter sign-ups"],
};

const WEEKLY_ORDER = Object.keys(WEEKLY_LABELS) as FormType[];

/** The bookings screen, where requests are answered. */
const BOOKINGS_PATH = "/admin/bookings";

const STATUS_LABEL: Partial<Record<DashboardAppointment["status"], string>> = {
  requested: "Requested",
  confirmed: "Confirmed",
};

/** Today's appointments on the salon's clock: time, client, service and who does it. */
function TodayAppointments({
  date,
  appointments,
  timeZone,
}: {
  date: string;
  appointments: DashboardAppointment[];
  timeZone: string;
}) {
  return (
    <section aria-labelledby="today-appointments" className="border border-border bg-surface lg:col-span-3">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-5 py-4 sm:px-6">
        <h2 id="today-appointments" className="text-xl">
          Today&apos;s appointments
        </h2>
        <p className="text-xs text-muted-foreground">
          <time dateTime={date}>{formatInZone(`${date}T12:00:00Z`, "UTC", "EEEE, MMM d")}</time>
        </p>
      </header>
      {appointments.length ? (
        <ol className="divide-y divide-border" data-testid="today-appointments">
          {appointments.map((a) => (
            <li
              key={a.id}
              className="grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-0.5 px-5 py-3 text-sm sm:grid-cols-[5rem_1fr_auto] sm:px-6"
            >
              <time dateTime={a.startsAt} className="font-display text-lg tabular-nums lining-nums sm:row-span-2">
                {formatInZone(a.startsAt, timeZone, "h:mm a")}
              </time>
              <span className="font-medium">{a.client}</span>
              <span
                className={cn(
                  "col-start-2 text-xs tracking-[0.12em] uppercase sm:col-start-3 sm:row-start-1",
                  a.status === "requested" ? "text-accent" : "text-muted-foreground",
                )}
              >
                {STATUS_LABEL[a.status] ?? a.status}
              </span>
              <span className="col-start-2 text-muted-foreground sm:col-span-2">
                {a.service} · {a.option} · {a.staff ?? "Any available"}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="px-5 py-6 text-sm text-muted-foreground sm:px-6">No appointments today.</p>
      )}
    </section>
  );
}

/** The next booking requests waiting for an answer, each a link to the bookings screen. */
function WaitingRequests({
  count,
  next,
  timeZone,
  now,
}: {
  count: number;
  next: DashboardAppointment[];
  timeZone: string;
  now: number;
}) {
  return (
    <section aria-labelledby="waiting-requests" className="border border-border bg-surface lg:col-span-2">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-5 py-4 sm:px-6">
        <h2 id="waiting-requests" className="text-xl">
          Requests waiting
        </h2>
        <Link to={BOOKINGS_PATH} className="text-xs text-accent underline-offset-4 hover:underline">
          {count ? `All ${count.toLocaleString("en-US")} in Bookings` : "Bookings"}
        </Link>
      </header>
      {next.length ? (
        <ol className="divide-y divide-border" data-testid="waiting-requests">
          {next.map((a) => (
            <li key={a.id}>
              <Link
                to={BOOKINGS_PATH}
                className="block px-5 py-3 text-sm transition-colors hover:bg-surface-muted sm:px-6"
              >
                <span className="block font-medium">{a.client}</span>
                <span className="block text-muted-foreground">
                  <time dateTime={a.startsAt}>{formatInZone(a.startsAt, timeZone, "EEE, MMM d · h:mm a")}</time> ·{" "}
                  {a.service} · {a.option}
                </span>
                <span className="block text-xs text-muted-foreground" data-testid="request-age">
                  Requested{" "}
                  <time dateTime={a.requestedAt} title={formatDateTime(a.requestedAt, timeZone)}>
                    {timeAgo(Date.parse(a.requestedAt), now)}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <p className="px-5 py-6 text-sm text-muted-foreground sm:px-6">No requests waiting.</p>
      )}
    </section>
  );
}

/** This week so far against the whole of last week: each figure, last week's, and the change in words. */
function WeekAgainstLastCard({ week }: { week: WeekAgainstLast }) {
  const money = (n: number) => formatAmount(n);
  const figures = [
    { id: "bookings", label: "Bookings", ...week.bookings, show: (n: number) => n.toLocaleString("en-US") },
    { id: "revenue", label: "Revenue estimate", ...week.revenue, show: money },
    { id: "enquiries", label: "New enquiries", ...week.enquiries, show: (n: number) => n.toLocaleString("en-US") },
    { id: "no-shows", label: "No-shows", ...week.noShows, show: (n: number) => n.toLocaleString("en-US") },
  ];
  return (
    <section aria-labelledby="week-against-last" className="border border-border bg-surface">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-5 py-4 sm:px-6">
        <h2 id="week-against-last" className="text-xl">
          This week against last
        </h2>
        <Link to="/admin/reports" className="text-xs text-accent underline-offset-4 hover:underline">
          Reports
        </Link>
      </header>
      <dl className="grid grid-cols-2 divide-border lg:grid-cols-4 lg:divide-x" data-testid="week-against-last">
        {figures.map((f) => (
          <div key={f.id} className="flex flex-col gap-1 px-5 py-4 sm:px-6" data-testid={`week-${f.id}`}>
            <dt className="text-xs font-medium tracking-[0.15em] text-muted-foreground uppercase">{f.label}</dt>
            <dd className="font-display text-3xl tabular-nums lining-nums">{f.show(f.thisWeek)}</dd>
            <dd className="text-sm text-muted-foreground">Last week: {f.show(f.lastWeek)}</dd>
            <dd className="text-sm">
              {changeFromLastWeek(f.thisWeek, f.lastWeek, f.id === "revenue" ? money : undefined)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="border-t border-border px-5 py-3 text-xs text-muted-foreground sm:px-6">
        This week so far, from Monday. Visits and no-shows count days that have ended; the revenue estimate uses the
        listed prices of completed visits.
      </p>
    </section>
  );
}

const inbox = (query: Partial<InboxQuery>) => `/admin/submissions${inboxSearch({ ...DEFAULT_QUERY, ...query })}`;

function HeadlineCard({
  label,
  value,
  note,
  to,
  icon: Icon,
  testId,
  emphasis,
}: {
  label: string;
  value: number;
  note: string;
  to: string;
  icon: typeof Inbox;
  testId: string;
  /** Waiting work: the figure is set in the accent colour when it is not zero. */
  emphasis?: boolean;
}) {
  const waiting = emphasis && value > 0;
  return (
    <Link
      to={to}
      data-testid={testId}
      className="group relative flex flex-col gap-3 border border-border bg-surface p-4 transition-colors hover:border-foreground/30 focus-visible:border-accent sm:gap-4 sm:p-6"
    >
      <span className="flex items-center justify-between gap-3">
        <span className="text-xs font-medium tracking-[0.15em] text-muted-foreground uppercase">{label}</span>
        <span
          className={cn(
            "grid size-9 shrink-0 place-items-center rounded-full",
            waiting ? "bg-accent text-accent-foreground" : "bg-accent-soft text-accent",
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </span>
      <span className="flex items-end justify-between gap-3">
        <span
          className={cn(
            "font-display text-4xl leading-none tabular-nums lining-nums sm:text-5xl",
            waiting && "text-accent",
          )}
          data-stat-value
        >
          {value.toLocaleString("en-US")}
        </span>
        <ArrowRight
          className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-accent"
          aria-hidden="true"
        />
      </span>
      <span className="text-sm text-muted-foreground">{note}</span>
    </Link>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { email, greeting, now, timeZone, week, stats, activity, failedSignIns, demoNotice, checklist, occupancy } =
    loaderData;
  const busiest = Math.max(1, ...stats.thisWeek.map((row) => row.count));
  const weekOf = formatInZone(stats.weekStart, timeZone, "EEEE, MMM d");
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <section>
        <h2 className="text-3xl">
          {greeting}, <span className="text-accent">{email.split("@")[0]}</span>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Here is what is happening on your website.</p>
      </section>

      {demoNotice && (
        <p role="status" className="border border-accent/60 bg-accent-soft/40 p-4 text-sm" data-testid="demo-notice">
          {demoNotice.text} <code className="whitespace-nowrap font-mono">{demoNotice.command}</code>.
        </p>
      )}

      <FailedSignInsNotice count={failedSignIns.count} previousSignInAt={failedSignIns.previousSignInAt} />

      {checklist ? <FirstRunChecklist checklist={checklist} /> : null}

      <section aria-label="What needs you" className="grid gap-3 sm:gap-4 md:grid-cols-3">
        <HeadlineCard
          label="Booking requests"
          value={stats.waiting.count}
          note={
            (stats.waiting.count ? "Waiting for your answer" : "None waiting") +
            (stats.bookingRequests ? ` · ${stats.bookingRequests.toLocaleString("en-US")} in the inbox` : "")
          }
          to={BOOKINGS_PATH}
          icon={CalendarClock}
          testId="stat-booking-requests"
          emphasis
        />
        <HeadlineCard
          label="Unanswered messages"
          value={stats.unansweredMessages}
          note={stats.unansweredMessages ? "Contact messages nobody has opened" : "All messages opened"}
          to={inbox({ view: "new", type: "Contact" })}
          icon={MessageSquareText}
          testId="stat-unanswered-messages"
          emphasis
        />
        <HeadlineCard
          label="New this week"
          value={stats.newThisWeek}
          note={stats.unread ? `${stats.unread.toLocaleString("en-US")} unread in all` : "Everything is read"}
          to={inbox({ view: stats.unread ? "new" : "all" })}
          icon={Sparkles}
          testId="stat-new-this-week"
        />
      </section>

      <div className="grid gap-8 lg:grid-cols-5">
        <TodayAppointments date={stats.today.date} appointments={stats.today.appointments} timeZone={timeZone} />
        <WaitingRequests count={stats.waiting.count} next={stats.waiting.next} timeZone={timeZone} now={now} />
      </div>

      <WeekAgainstLastCard week={week} />

      {occupancy ? <OccupancyCard occupancy={occupancy} headingId="suites-occupancy" /> : null}

      <section aria-labelledby="this-week" className="border border-border bg-surface">
        <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-5 py-4 sm:px-6">
          <h2 id="this-week" className="text-xl">
            This week
          </h2>
          <p className="text-xs text-muted-foreground">
            Since <time dateTime={stats.weekStart}>{weekOf}</time>, by form
          </p>
        </header>
        <ul className="divide-y divide-border" data-testid="weekly-submissions">
          {[...stats.thisWeek]
            .sort((a, b) => WEEKLY_ORDER.indexOf(a.type) - WEEKLY_ORDER.indexOf(b.type))
            .map((row) => {
              const [one, many] = WEEKLY_LABELS[row.type];
              return (
                <li key={row.type}>
                  <Link
                    to={inbox({ view: "all", type: row.type })}
                    className="group grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 px-5 py-3 transition-colors hover:bg-surface-muted sm:grid-cols-[14rem_1fr_auto] sm:px-6"
                    data-testid={`week-${row.type}`}
                  >
                    <span className="text-sm font-medium">{row.count === 1 ? one : many}</span>
                    <span
                      aria-hidden="true"
                      className="col-span-2 row-start-2 h-1.5 bg-surface-muted sm:col-span-1 sm:row-start-auto"
                    >
                      <span
                        className="block h-full bg-accent transition-[width]"
                        style={{ width: `${(row.count / busiest) * 100}%` }}
                      />
                    </span>
                    <span
                      className={cn(
                        "text-right font-display text-2xl tabular-nums lining-nums",
                        row.count === 0 && "text-muted-foreground",
                      )}
                      data-stat-value
                    >
                      {row.count.toLocaleString("en-US")}
                    </span>
                  </Link>
                </li>
              );
            })}
        </ul>
      </section>

      <div className="grid gap-8 lg:grid-cols-5">
        <section className="lg:col-span-3" aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="mb-4 text-xl">
            Quick actions
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {QUICK_ACTIONS.map((action) => (
              <Link
                key={action.title}
                to={action.to}
                className="flex items-center gap-4 border border-border bg-surface p-5 transition-colors hover:border-accent"
              >
                <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
                  <action.icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-medium">{action.title}</span>
                  <span className="block text-sm text-muted-foreground">{action.text}</span>
                </span>
              </Link>
            ))}
          </div>
        </section>
        <section className="lg:col-span-2" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="mb-4 text-xl">
            Recent Activity
          </h2>
          <div className="border border-border bg-surface">
            {activity.length ? (
              <ol className="divide-y divide-border" data-testid="recent-activity">
                {activity.map((entry: (typeof activity)[number]) => (
                  <li key={entry.id} className="px-5 py-3 text-sm">
                    <p>
                      <span className="font-medium">{entry.user_email ?? "System"}</span> {entry.action}
                      {entry.target ? <span className="text-muted-foreground"> · {entry.target}</span> : null}
                    </p>
                    <time dateTime={entry.created_at} className="text-xs text-muted-foreground">
                      {formatDateTime(entry.created_at, timeZone)}
                    </time>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="px-5 py-6 text-sm text-muted-foreground">No activity yet.</p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
