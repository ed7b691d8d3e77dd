import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEFAULT_TIME_ZONE, formatInZone } from "~/lib/dates";
import { emailKey, phoneKey } from "~/lib/forms/contact-keys";
import { nowIso } from "~/server/db/database.server";
import { openDayFromToday, salonTime } from "../support/dates";
import { expectNoAxeViolationsInBothThemes } from "./support/a11y";
import { gotoHydrated } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Moving a booking in the browser: dragged on the day view with a mouse at 1280 px, then moved
 * with the Move action of its details at 390 px (the phone's and the keyboard's way), axe clean
 * on the open Move form in both themes. The checks of a move are in
 * tests/integration/desk-move-walk-in.test.ts and its forms over HTTP in
 * tests/integration/http/admin-desk-move-walk-in.test.ts.
 */

const tag = randomBytes(3).toString("hex");
const HOUR = 3_600_000;

test("a booking is dragged to another time on the day view, then moved with Move on a phone; axe clean", async ({
  page,
  context,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "desktop", "drags with a mouse, then narrows the window itself");
  const day = openDayFromToday(1300 + 20 * test.info().retry);
  const startsAt = Date.parse(salonTime(day, "10:00"));
  const db = e2eDb();
  await db
    .insertInto("booking_resources")
    .values({ key: "service:hair" })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const email = `mona-${tag}@example.com`;
  const { id } = await db
    .insertInto("bookings")
    .values({
      kind: "appointment",
      resource: "service:hair",
      staff_id: null,
      service: "hair",
      option_name: "Women's Haircut & Style",
      duration_minutes: 60,
      price: "$85",
      starts_at: new Date(startsAt).toISOString(),
      ends_at: new Date(startsAt + HOUR).toISOString(),
      status: "confirmed",
      requested_starts_at: null,
      first_name: "Mona",
      last_name: `Mover${tag}`,
      email,
      phone: "(713) 555-0166",
      email_key: emailKey(email),
      phone_key: phoneKey("(713) 555-0166"),
      notes: "",
      reason: "",
      manage_key: randomBytes(8).toString("hex"),
      source: "staff",
      reminder_sent_at: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const startOf = async () =>
    formatInZone(
      (await db.selectFrom("bookings").select("starts_at").where("id", "=", id).executeTakeFirstOrThrow()).starts_at,
      DEFAULT_TIME_ZONE,
      "HH:mm",
    );

  await signIn(context, baseURL!, "editor");
  await gotoHydrated(page, `/admin/bookings?view=day&date=${day}`);
  const entry = page.getByTestId("calendar-entry").filter({ hasText: `Mona Mover${tag}` });
  // In the middle of the window, whatever other tests' requests list above the calendar.
  await entry.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const box = (await entry.boundingBox())!;
  // Two hours down the column (four rem an hour): from 10 to noon.
  const hour = await page.evaluate(() => 4 * parseFloat(getComputedStyle(document.documentElement).fontSize));
  await page.mouse.move(box.x + box.width / 2, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 8 + hour, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2, box.y + 8 + 2 * hour, { steps: 4 });
  await page.mouse.up();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Booking moved." })).toBeVisible();
  await expect(page.getByTestId("calendar-announcement")).toHaveText(/Booking moved\./);
  await expect(entry).toContainText("12:00–1:00 PM");
  expect(await startOf()).toBe("12:00");
  // The drag did not open the details.
  await expect(page.getByTestId("booking-details")).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await entry.click();
  await page.getByTestId("booking-details").getByRole("link", { name: "Move" }).click();
  const form = page.getByTestId("move-section");
  await expect(form.getByRole("heading", { name: `Move Mona Mover${tag}` })).toBeVisible();
  await expect(form.getByLabel("Date")).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, { include: '[data-testid="move-section"]' });
  await form.getByLabel("Time").fill("15:00");
  // The drag's toast is gone first, so the one below can only be the Move form's.
  const moved = page.locator("[data-sonner-toast]").filter({ hasText: "Booking moved." });
  await expect(moved).toHaveCount(0, { timeout: 15_000 });
  await form.getByRole("button", { name: "Move" }).click();
  await expect(moved).toBeVisible();
  await expect(page.getByTestId("move-section")).toHaveCount(0);
  expect(await startOf()).toBe("15:00");
});
