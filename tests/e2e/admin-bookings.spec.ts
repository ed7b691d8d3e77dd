import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_TIME_ZONE, formatInZone } from "~/lib/dates";
import { nowIso } from "~/server/db/database.server";
import { openDayFromToday, salonTime } from "../support/dates";
import { expectNoAxeViolationsInBothThemes } from "./support/a11y";
import { gotoRequestCard } from "./support/request-cards";
import { holdNextAnswer } from "./support/held-answer";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * The front desk's /admin/bookings in the browser: answering requests by keyboard (confirm, and
 * decline with a reason) and axe in both themes. What the server does with each answer (the
 * e-mails, audit rows, refusals, races) is checked in tests/integration/admin-bookings.test.ts and
 * over HTTP in tests/integration/http/admin-bookings.test.ts.
 */

const tag = randomBytes(3).toString("hex");
// Far ahead (counted from today, so it stays ahead) and on a chair no other spec books, so nothing
// else lands in this day. A retry takes a day of its own: the first try's requests still hold theirs.
// Each test's requests are two hours apart, clear of each other's appointment and buffer.
const day = () => openDayFromToday(1000 + 20 * test.info().retry);
/** The instant of a wall-clock time on the test's day in the salon's zone, as bookings store it. */
const onDay = (time: string) => new Date(salonTime(day(), time)).toISOString();

async function request(first: string, startsAt: string) {
  const db = e2eDb();
  const at = nowIso();
  await db
    .insertInto("booking_resources")
    .values({ key: "service:lashes" })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .insertInto("bookings")
    .values({
      kind: "appointment",
      resource: "service:lashes",
      staff_id: null,
      service: "lashes",
      option_name: "Classic Full Set",
      duration_minutes: 60,
      price: "$120",
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
      status: "requested",
      requested_starts_at: null,
      first_name: first,
      last_name: `Client${tag}`,
      email: `${first.toLowerCase()}-${tag}@example.com`,
      phone: "(713) 555-0123",
      notes: "First visit",
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

const status = (id: number) =>
  e2eDb().selectFrom("bookings").select(["status", "reason"]).where("id", "=", id).executeTakeFirstOrThrow();
const card = (page: Page, first: string) =>
  page.getByTestId("booking-request").filter({ hasText: `${first} Client${tag}` });
// The first toast: a failure shows what the page said instead.
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

test("a request is confirmed, another declined with a reason, by keyboard alone", async ({
  page,
  context,
  baseURL,
}) => {
  const confirmId = await request("Cora", onDay("10:00"));
  const declineId = await request("Dina", onDay("12:00"));
  await signIn(context, baseURL!, "editor");
  await gotoRequestCard(page, `/admin/bookings?view=day&date=${day()}`, confirmId, card(page, "Cora"));

  await expect(card(page, "Cora")).toContainText(
    `${formatInZone(onDay("10:00"), DEFAULT_TIME_ZONE, "EEE, MMM d")} · 10:00 AM`,
  );
  await card(page, "Cora").getByRole("button", { name: "Confirm" }).focus();
  await page.keyboard.press("Enter");
  await expect(toasts(page).first()).toContainText("Booking confirmed");
  await expect(card(page, "Cora")).toHaveCount(0);
  // The answered card is gone: the focus waits on the list's heading, not on the page's top.
  await expect(page.getByRole("heading", { name: "Requests" })).toBeFocused();
  expect((await status(confirmId)).status).toBe("confirmed");

  // Dina's card, on its page (one fewer request before it now).
  await gotoRequestCard(page, `/admin/bookings?view=day&date=${day()}`, declineId, card(page, "Dina"));
  await card(page, "Dina").getByRole("button", { name: "Decline" }).focus();
  await page.keyboard.press("Enter");
  const reason = card(page, "Dina").getByLabel("Reason (the client reads it)");
  await expect(reason).toBeFocused();
  await page.keyboard.type("We are fully booked that afternoon.");
  await page.keyboard.press("Tab");
  await expect(card(page, "Dina").getByRole("button", { name: "Decline request" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toasts(page).filter({ hasText: "Request declined" })).toBeVisible();
  await expect(card(page, "Dina")).toHaveCount(0);
  expect(await status(declineId)).toEqual({ status: "declined", reason: "We are fully booked that afternoon." });

  // The confirmed one is in the day's calendar; Enter opens its details, Escape closes them.
  const entry = page.getByTestId("calendar-entry").filter({ hasText: `Cora Client${tag}` });
  await entry.focus();
  await page.keyboard.press("Enter");
  const details = page.getByTestId("booking-details");
  await expect(details).toContainText("(713) 555-0123");
  await expect(details).toContainText("Confirmed");
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);
  await expect(page).not.toHaveURL(/booking=/);
});

test("an answer that comes back after its card has left the list is still toasted", async ({
  page,
  context,
  baseURL,
}) => {
  // React Router can deliver an answer in the same render as the reload that removes its card.
  // Here the card leaves first, for certain: the answer is held until the desk has moved on.
  const id = await request("Rhea", onDay("18:00"));
  await signIn(context, baseURL!, "editor");
  await gotoRequestCard(page, `/admin/bookings?view=day&date=${day()}`, id, card(page, "Rhea"));
  const held = await holdNextAnswer(page, /\/admin\/bookings\.data/);
  await card(page, "Rhea").getByRole("button", { name: "Confirm" }).click();
  await held.done;
  // The week's view, read after the confirmation was stored, has no card for it.
  await page.getByRole("group", { name: "View" }).getByRole("link", { name: "Week" }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(card(page, "Rhea")).toHaveCount(0);
  held.release();
  await expect(toasts(page).first()).toContainText("Booking confirmed");
  expect((await status(id)).status).toBe("confirmed");
});

test("no axe violations on /admin/bookings with a request and the day's calendar, light and dark", async ({
  page,
  context,
  baseURL,
}) => {
  const id = await request("Axel", onDay("14:00"));
  await signIn(context, baseURL!, "admin");
  await gotoRequestCard(page, `/admin/bookings?view=day&date=${day()}`, id, card(page, "Axel"));
  await expectNoAxeViolationsInBothThemes(page);
});

test("on a phone the day fits the screen and New booking's fields stay inside its window @mobile", async ({
  page,
  context,
  baseURL,
}) => {
  const id = await request("Mona", onDay("16:00"));
  await signIn(context, baseURL!, "admin");
  await gotoRequestCard(page, `/admin/bookings?view=day&date=${day()}`, id, card(page, "Mona"));
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await sideways(), "pixels the page scrolls sideways").toBeLessThanOrEqual(0);

  await page.getByRole("link", { name: "New booking" }).click();
  const dialog = page.getByRole("dialog", { name: "New booking" });
  await expect(dialog.getByRole("combobox", { name: "Option" })).toBeVisible();
  const frame = (await dialog.boundingBox())!;
  for (const control of await dialog.locator("input:visible, select:visible, textarea:visible").all()) {
    const box = (await control.boundingBox())!;
    const name = await control.getAttribute("name");
    expect(box.x, `${name} starts inside the window`).toBeGreaterThanOrEqual(frame.x);
    expect(box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(frame.x + frame.width);
  }
});
