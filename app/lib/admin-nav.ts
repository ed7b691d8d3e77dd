/**
 * The admin sidebar, one entry per screen, and the header title for each path. `within` lists the
 * other paths that belong to an entry's screen (a page's editor belongs to Pages).
 */
export const ADMIN_NAV = [
  { label: "Dashboard", to: "/admin/dashboard", icon: "dashboard", within: [] },
  { label: "Pages", to: "/admin/pages", icon: "pages", within: ["/admin/edit"] },
  { label: "Hero Slides", to: "/admin/hero-slides", icon: "slides", within: [] },
  { label: "Media Library", to: "/admin/media", icon: "media", within: [] },
  { label: "Form Submissions", to: "/admin/submissions", icon: "submissions", within: [] },
  { label: "Bookings", to: "/admin/bookings", icon: "bookings", within: [] },
  { label: "Clients", to: "/admin/clients", icon: "clients", within: [] },
  { label: "Applicants", to: "/admin/applicants", icon: "applicants", within: [] },
  {
    label: "Booking settings",
    to: "/admin/bookings/settings",
    icon: "bookingSettings",
    within: [],
    adminOnly: true,
  },
  { label: "Staff", to: "/admin/staff", icon: "staff", within: [], adminOnly: true },
  { label: "Suites", to: "/admin/suites", icon: "suites", within: [], adminOnly: true },
  { label: "Reports", to: "/admin/reports", icon: "reports", within: [], adminOnly: true },
  { label: "Settings", to: "/admin/settings", icon: "settings", within: [] },
] as const satisfies readonly {
  label: string;
  to: string;
  icon: string;
  within: readonly string[];
  /** Shown to admins only (editors would get 403 there). */
  adminOnly?: boolean;
}[];

export type AdminNavItem = (typeof ADMIN_NAV)[number];

/** The entries a user of this role sees. */
export function navFor(role: string | null | undefined): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => !("adminOnly" in item && item.adminOnly) || role === "admin");
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Whether the sidebar marks this entry as the current screen. */
export function isNavItemActive(item: AdminNavItem, pathname: string): boolean {
  const path = pathname.replace(/\/$/, "");
  const matches = (entry: AdminNavItem) => [entry.to, ...entry.within].some((prefix) => under(path, prefix));
  // A screen with an entry of its own under another's path (Booking settings under Bookings) marks only its own.
  return matches(item) && !ADMIN_NAV.some((other) => other.to.startsWith(`${item.to}/`) && matches(other));
}

const TITLES: [prefix: string, title: string][] = [
  ["/admin/dashboard", "Dashboard"],
  ["/admin/pages", "Pages Management"],
  ["/admin/edit", "Pages Management"],
  ["/admin/media", "Media Library"],
  ["/admin/hero-slides", "Hero Slides"],
  ["/admin/submissions", "Form Submissions"],
  ["/admin/bookings/settings", "Booking settings"],
  ["/admin/bookings", "Bookings"],
  ["/admin/clients", "Clients"],
  ["/admin/applicants", "Applicants"],
  ["/admin/staff", "Staff"],
  ["/admin/suites", "Suites"],
  ["/admin/reports", "Reports"],
  ["/admin/settings", "Settings"],
];

/** The header title by path (docs/product.md, Dashboard and header); 'Admin Panel' for any other path. */
export function adminTitle(pathname: string): string {
  const path = pathname.replace(/\/$/, "");
  return TITLES.find(([prefix]) => under(path, prefix))?.[1] ?? "Admin Panel";
}

/** The avatar's letters: the first two of the e-mail, uppercased; AD when there is none. */
export function avatarInitials(email: string | null | undefined): string {
  const letters = (email ?? "")
    .replace(/[^a-zA-Z0-9]/g, "")
    .slice(0, 2)
    .toUpperCase();
  return letters || "AD";
}
