import {
  DoorOpen,
  Bell,
  CalendarCog,
  ChartColumn,
  CalendarDays,
  Images,
  LayoutDashboard,
  LogOut,
  Menu,
  PanelsTopLeft,
  Settings,
  SlidersHorizontal,
  Inbox,
  Contact,
  ClipboardList,
  Users,
  X,
} from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, NavLink, Outlet, useLocation } from "react-router";
import { SearchInput } from "~/components/admin/search-input";
import { AdminToaster, useFlashToast } from "~/components/admin/toaster";
import { ReplyToasts } from "~/components/admin/use-reply-toast";
import { adminTitle, avatarInitials, isNavItemActive, navFor } from "~/lib/admin-nav";
import { cn } from "~/lib/utils";
import { servicesContext } from "~/server/context";
import { isSecure, requireStaff } from "~/server/auth/guard.server";
import { clearFlashCookie, readFlash } from "~/server/http/flash.server";
import { unreadSubmissionCount } from "~/server/submissions/counts.server";
import { waitingRequestCount } from "~/server/booking/engine/calendar.server";
import type { Route } from "./+types/layout";

/** The admin runs as a React app in the browser; public pages never load this code. */
export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db } = args.context.get(servicesContext);
  const flash = readFlash(args.request);
  const responseHeaders = new Headers({ "Cache-Control": "no-store" });
  if (flash) responseHeaders.append("Set-Cookie", clearFlashCookie(isSecure(args)));
  return data(
    {
      user: { email: user.email, role: user.role },
      unread: await unreadSubmissionCount(db),
      waiting: await waitingRequestCount(db),
      flash,
    },
    { headers: responseHeaders },
  );
}

const ICONS = {
  dashboard: LayoutDashboard,
  pages: PanelsTopLeft,
  media: Images,
  slides: SlidersHorizontal,
  submissions: Inbox,
  bookings: CalendarDays,
  settings: Settings,
  bookingSettings: CalendarCog,
  staff: Users,
  reports: ChartColumn,
  suites: DoorOpen,
  clients: Contact,
  applicants: ClipboardList,
} as const;

/**
 * Another tab (or device) may sign this session out: check whenever the tab regains focus, and
 * hear sign-outs of other tabs of this browser at once.
 */
function useSessionWatch() {
  useEffect(() => {
    const toLogin = () => window.location.assign("/admin/login");
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch("/admin/session", { headers: { Accept: "application/json" } });
        // Reloading lets the server say why (signed out elsewhere, or the role was taken away).
        if (response.status === 401) window.location.reload();
      } catch {
        // Offline: the next action will tell.
      }
    };
    const channel = "BroadcastChannel" in window ? new BroadcastChannel("admin-session") : null;
    channel?.addEventListener("message", (event) => {
      if (event.data === "signed-out") toLogin();
    });
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
      channel?.close();
    };
  }, []);
}

function Sidebar({ role, onNavigate, waiting }: { role: string | null; onNavigate?: () => void; waiting: number }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Admin" className="flex h-full flex-col gap-1 p-4">
      <a href="/" className="mb-6 px-3 pt-2 font-display text-xl" onClick={onNavigate}>
        Salon Admin
      </a>
      {navFor(role).map((item) => {
        const Icon = ICONS[item.icon];
        return (
          <Link
            key={item.to}
            to={item.to}
            onClick={onNavigate}
            aria-current={isNavItemActive(item, pathname) ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 px-3 py-2.5 text-sm transition-colors",
              isNavItemActive(item, pathname)
                ? "bg-accent-soft font-medium text-foreground"
                : "text-muted-foreground hover:bg-surface-muted hover:text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {item.label}
            {item.icon === "bookings" && waiting ? (
              <span
                className="ml-auto grid min-w-5 place-items-center rounded-full bg-accent px-1.5 text-[0.7rem] font-semibold text-accent-foreground"
                data-testid="waiting-requests"
              >
                {waiting > 99 ? "99+" : waiting}
                <span className="sr-only"> {waiting === 1 ? "request waits" : "requests wait"}</span>
              </span>
            ) : null}
          </Link>
        );
      })}
      <Form method="post" action="/admin/logout" className="mt-auto">
        <button
          type="submit"
          className="flex w-full items-center gap-3 px-3 py-2.5 text-sm text-muted-foreground hover:bg-surface-muted hover:text-foreground"
        >
          <LogOut className="size-4" aria-hidden="true" />
          Logout
        </button>
      </Form>
    </nav>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, unread, waiting, flash } = loaderData;
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useFlashToast(flash);
  useSessionWatch();
  const title = adminTitle(location.pathname);
  return (
    <div className="flex min-h-dvh bg-surface-muted text-foreground">
      <AdminToaster />
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-surface focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 border-r border-border bg-surface lg:block">
        <div className="sticky top-0 h-dvh">
          <Sidebar role={user.role} waiting={waiting} />
        </div>
      </aside>
      {menuOpen ? (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Admin menu">
          <button
            type="button"
            className="absolute inset-0 bg-overlay"
            aria-label="Close menu"
            onClick={() => setMenuOpen(false)}
          />
          <div className="absolute inset-y-0 left-0 w-72 bg-surface shadow-xl">
            <button
              type="button"
              className="absolute top-3 right-3 grid size-10 place-items-center"
              aria-label="Close menu"
              onClick={() => setMenuOpen(false)}
            >
              <X className="size-5" aria-hidden="true" />
            </button>
            <Sidebar role={user.role} onNavigate={() => setMenuOpen(false)} waiting={waiting} />
          </div>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-surface/95 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="grid size-10 place-items-center lg:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <h1 className="truncate font-display text-xl sm:text-2xl">{title}</h1>
          <Form method="get" action="/admin/search" role="search" className="ml-auto hidden md:block">
            <label htmlFor="admin-search" className="sr-only">
              Search pages and submissions
            </label>
            <SearchInput id="admin-search" name="q" placeholder="Search pages and submissions" inputWidth="w-72" />
          </Form>
          <NavLink
            to="/admin/submissions?status=new"
            className="relative grid size-10 place-items-center rounded-full hover:bg-surface-muted md:ml-0 ml-auto"
            aria-label={unread ? `${unread} unread submission${unread === 1 ? "" : "s"}` : "No unread submissions"}
          >
            <Bell className="size-5" aria-hidden="true" />
            {unread ? (
              <span
                data-testid="unread-count"
                className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-[0.65rem] font-semibold text-accent-foreground"
              >
                {unread > 99 ? "99+" : unread}
              </span>
            ) : null}
          </NavLink>
          <span
            className="grid size-10 place-items-center rounded-full bg-foreground text-xs font-semibold tracking-wide text-background"
            title={`${user.email} (${user.role})`}
            aria-label={`Signed in as ${user.email}, ${user.role}`}
            role="img"
          >
            {avatarInitials(user.email)}
          </span>
        </header>
        <main id="admin-main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {/* The toast's message, for a browser without JavaScript (after a form's Post/Redirect/Get). */}
          {flash ? (
            <noscript>
              <p role="status" className="mx-auto mb-6 max-w-7xl border border-border bg-surface px-4 py-3 text-sm">
                <strong>{flash.title}:</strong> {flash.description}
              </p>
            </noscript>
          ) : null}
          <ReplyToasts>
            <Outlet />
          </ReplyToasts>
        </main>
      </div>
    </div>
  );
}
