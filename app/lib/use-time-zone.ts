import { useRouteLoaderData } from "react-router";
import type { loader as siteLoader } from "~/routes/site/layout";
import { DEFAULT_TIME_ZONE } from "./dates";

/** The salon's time zone on a public page (the site layout's loader reads the setting). */
export function useSiteTimeZone(): string {
  return useRouteLoaderData<typeof siteLoader>("routes/site/layout")?.timeZone ?? DEFAULT_TIME_ZONE;
}
