import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { BackToTop } from "~/components/site/back-to-top";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { formatInZone } from "~/lib/dates";
import type { loader as rootLoader } from "~/root";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/layout";

/** Every public page: the business identity for the header and footer comes from content. */
export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const [contact, { timeZone }] = await Promise.all([content.getPage("contact"), content.getSettings()]);
  return { contact, year: Number(formatInZone(new Date(), timeZone, "yyyy")), timeZone };
}

/**
 * The public shell. Public pages are server-rendered HTML without React in the browser (see
 * root.tsx): the header, footer and their forms work as plain HTML, and app/enhance adds the
 * niceties (menus, theme, toasts, back-to-top) by data attribute.
 */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { contact, year } = loaderData;
  const theme = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? "system";
  const { pathname, search } = useLocation();
  return (
    <div data-site-shell className="flex min-h-dvh flex-col">
      <SiteHeader contact={contact} pathname={pathname} search={search} theme={theme} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter contact={contact} year={year} pathname={pathname} search={search} />
      <BackToTop />
    </div>
  );
}
