import {
  FileText,
  Images,
  Inbox,
  LayoutTemplate,
  PanelsTopLeft,
  Upload,
  PencilLine,
  SlidersHorizontal,
} from "lucide-react";
import { Link } from "react-router";
import { servicesContext } from "~/server/context";
import { recentActivity } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guard.server";
import { dashboardStats } from "~/server/dashboard/stats.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db } = args.context.get(servicesContext);
  const [stats, activity] = await Promise.all([dashboardStats(db), recentActivity(db, 10)]);
  return { email: user.email, stats, activity };
}

const QUICK_ACTIONS = [
  { title: "Edit Homepage", text: "Hero slides and home sections", to: "/admin/hero-slides", icon: SlidersHorizontal },
  { title: "Upload Images", text: "Add photos to the media library", to: "/admin/media", icon: Upload },
  { title: "Update Content", text: "Edit the text of any page", to: "/admin/content", icon: PencilLine },
  { title: "View Submissions", text: "Bookings, messages and applications", to: "/admin/submissions", icon: Inbox },
];

function greeting(now = new Date()) {
  const hour = Number(
    new Intl.DateTimeFormat("en-US", { hour: "numeric", hour12: false, timeZone: "America/Chicago" }).format(now),
  );
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}

const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "America/Chicago",
});

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { email, stats, activity } = loaderData;
  const cards = [
    { label: "Total Pages", value: stats.pages, icon: PanelsTopLeft, to: "/admin/pages" },
    { label: "Images", value: stats.images, icon: Images, to: "/admin/media" },
    { label: "Content Sections", value: stats.contentSections, icon: LayoutTemplate, to: "/admin/content" },
    {
      label: "Form Submissions",
      value: stats.submissions,
      icon: FileText,
      to: "/admin/submissions",
      extra: stats.unread ? `${stats.unread} unread` : "All read",
    },
  ];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <section>
        <h2 className="text-3xl">
          {greeting()}, <span className="text-accent">{email.split("@")[0]}</span>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Here is what is happening on your website.</p>
      </section>
      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <Link
            key={card.label}
            to={card.to}
            className="group flex items-start justify-between border border-border bg-surface p-5 transition-colors hover:border-foreground/30"
            data-testid={`stat-${card.label.toLowerCase().replace(/\s+/g, "-")}`}
          >
            <div>
              <p className="text-xs font-medium tracking-[0.15em] text-muted-foreground uppercase">{card.label}</p>
              <p className="mt-2 font-display text-4xl" data-stat-value>
                {card.value}
              </p>
              {card.extra ? <p className="mt-1 text-xs text-accent">{card.extra}</p> : null}
            </div>
            <card.icon className="size-5 text-muted-foreground group-hover:text-accent" aria-hidden="true" />
          </Link>
        ))}
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
                      {dateTime.format(new Date(entry.created_at))}
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
