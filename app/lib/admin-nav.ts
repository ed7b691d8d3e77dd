/** The admin sidebar (SPEC.md section 2) and the header title for each path. */
export const ADMIN_NAV = [
  { label: "Dashboard", to: "/admin/dashboard", icon: "dashboard" },
  { label: "Pages", to: "/admin/pages", icon: "pages" },
  { label: "Media Library", to: "/admin/media", icon: "media" },
  { label: "Hero Slides", to: "/admin/hero-slides", icon: "slides" },
  { label: "Content", to: "/admin/content", icon: "content" },
  { label: "Form Submissions", to: "/admin/submissions", icon: "submissions" },
  { label: "Settings", to: "/admin/settings", icon: "settings" },
] as const;

const TITLES: [prefix: string, title: string][] = [
  ["/admin/dashboard", "Dashboard"],
  ["/admin/pages", "Pages Management"],
  ["/admin/media", "Media Library"],
  ["/admin/hero-slides", "Hero Slides"],
  ["/admin/content", "Content Editor"],
  ["/admin/submissions", "Form Submissions"],
  ["/admin/settings", "Settings"],
];

/** The header title by path: the spec's names, 'Admin Panel' for any other path. */
export function adminTitle(pathname: string): string {
  const path = pathname.replace(/\/$/, "");
  return TITLES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? "Admin Panel";
}

/** The avatar's letters: the first two of the e-mail, uppercased; AD when there is none. */
export function avatarInitials(email: string | null | undefined): string {
  const letters = (email ?? "")
    .replace(/[^a-zA-Z0-9]/g, "")
    .slice(0, 2)
    .toUpperCase();
  return letters || "AD";
}
