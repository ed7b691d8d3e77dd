import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { nowIso } from "~/server/db/database.server";
import { openDayFromToday, salonTime } from "../support/dates";
import { gotoHydrated } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";
import { REQUEST_CARDS_A_PAGE, requestPosition } from "./support/request-cards";

/**
 * A flood of requests declined at once from /admin/bookings, by keyboard: what the server does
 * (no e-mail, audit rows, freed times) is checked in tests/integration/http/booking-limits.test.ts.
 */

const tag = randomBytes(3).toString("hex");
// Far ahead (counted from today, so it stays ahead; ten days after admin-bookings.spec's) and on a
// chair no other spec books, so nothing else lands in this day.
const DAY = openDayFromToday(1010);
/** The instant of a wall-clock time on DAY in the salon's zone, as bookings store it. */
const onDay = (time: string) => new Date(salonTime(DAY, time)).toISOString();

async function request(first: string, startsAt: string, last = `Flood${tag}`): Promise<number> {
  const db = e2eDb();
  const at = nowIso();
  await db
    .insertInto("booking_resources")
    .values({ key: "service:makeup" })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .insertInto("bookings")
    .values({
      kind: "appointment",
      resource: "service:makeup",
      staff_id: null,
      service: "makeup",
      option_name: "",
      duration_minutes: 60,
      price: "",
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
      status: "requested",
      requested_starts_at: null,
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}-${tag}@example.com`,
      phone: "(281) 555-0100",
      notes: "",
      reason: "",
      manage_key: randomBytes(8).toString("hex"),
      source: "online",
      reminder_sent_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

test("ticked requests are declined at once, without e-mail, by keyboard alone", async ({ page, context, baseURL }) => {
  const ids = [
    await request("Una", onDay("09:00")),
    await request("Vera", onDay("10:00")),
    await request("Wren", onDay("11:00")),
  ];
  await signIn(context, baseURL!, "editor");
  const box = (first: string) => page.getByRole("checkbox", { name: `Select ${first} Flood${tag}'s request` });
  // The three cards on one page, away from its edges: requests of this spec's own, sooner on the
  // day, move Una down when she would sit at a page's end or start.
  const padding: number[] = [];
  await expect(async () => {
    let position = await requestPosition(ids[0]);
    // Una at a page's 9th, 10th or 1st place: 3, 2 or 1 requests before her make her the 2nd.
    const place = position % REQUEST_CARDS_A_PAGE;
    const pad = place >= 8 || place === 0 ? (11 - place) % 10 : 0;
    for (let i = 0; i < pad; i++) padding.push(await request("Pad", onDay("08:00"), `Pad${tag}`));
    position += pad;
    await gotoHydrated(
      page,
      `/admin/bookings?view=day&date=${DAY}&requests=${Math.floor(position / REQUEST_CARDS_A_PAGE) + 1}`,
    );
    await expect(box("Una")).toBeVisible({ timeout: 2_000 });
    await expect(box("Wren")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  for (const first of ["Una", "Wren"]) {
    await box(first).focus();
    await page.keyboard.press("Space");
    await expect(box(first)).toBeChecked();
  }
  await page.getByRole("button", { name: "Decline selected" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "2 requests declined" })).toBeVisible();
  const cards = page.getByTestId("booking-request").filter({ hasText: `Flood${tag}` });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(`Vera Flood${tag}`);
  await expect(page.getByRole("heading", { name: "Requests" })).toBeFocused();

  const rows = await e2eDb()
    .selectFrom("bookings")
    .select(["status", "reason"])
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  expect(rows).toEqual([
    { status: "declined", reason: "Declined by the salon." },
    { status: "requested", reason: "" },
    { status: "declined", reason: "Declined by the salon." },
  ]);
  const mails = await e2eDb()
    .selectFrom("mail_outbox")
    .select("id")
    .where("to_address", "like", `%-${tag}@example.com`)
    .execute();
  expect(mails).toEqual([]);
  // The padding leaves the list, for the specs that follow.
  if (padding.length)
    await e2eDb().updateTable("bookings").set({ status: "declined" }).where("id", "in", padding).execute();
});
