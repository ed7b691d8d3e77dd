import { expect, type Locator, type Page } from "@playwright/test";
import { gotoHydrated } from "./admin-pages";
import { e2eDb } from "./db";

/**
 * The calendar's request cards come ten a page, requests soonest first (`pendingEntriesPage`), and
 * the other specs' requests share the browser suite's database: a spec's card may be on any page.
 */
export const REQUEST_CARDS_A_PAGE = 10;

/** How many requests come before this one on the calendar's request cards, as the server orders them. */
export async function requestPosition(id: number): Promise<number> {
  const db = e2eDb();
  const { starts_at } = await db
    .selectFrom("bookings")
    .select("starts_at")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const before = await db
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", "appointment")
    .where("status", "=", "requested")
    .where((eb) =>
      eb.or([eb("starts_at", "<", starts_at), eb.and([eb("starts_at", "=", starts_at), eb("id", "<", id)])]),
    )
    .executeTakeFirstOrThrow();
  return Number(before.n);
}

/**
 * Opens `url` (an /admin/bookings address with a query) at the page of request cards that shows
 * request `id`, until `card` shows: other specs answering or adding requests meanwhile move it.
 */
export async function gotoRequestCard(page: Page, url: string, id: number, card: Locator): Promise<void> {
  await expect(async () => {
    const cardsPage = Math.floor((await requestPosition(id)) / REQUEST_CARDS_A_PAGE) + 1;
    await gotoHydrated(page, `${url}&requests=${cardsPage}`);
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
