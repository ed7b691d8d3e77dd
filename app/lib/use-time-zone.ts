import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE } from "./dates";

/** The salon's time zone on a public page (the site layout's loader reads the setting). */
export function useSiteTimeZone(): string {
  return useRouteLoaderData<{ timeZone: string }>("routes/site/layout")?.timeZone ?? DEFAULT_TIME_ZONE;
}
