/**
 * The "Tell me if a time opens" link under a day with no free times: its words and look, shared by
 * the server-rendered form and the booking page's script (which renders it for a day it fetched).
 */
export const WAITLIST_LINK_TEXT = "Tell me if a time opens";

export const WAITLIST_LINK_CLASS = {
  wrap: "mt-3 block",
  link: "text-sm font-medium text-foreground underline underline-offset-4 hover:text-accent",
} as const;
