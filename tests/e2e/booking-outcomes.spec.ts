import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEFAULT_TIME_ZONE, localDate } from "~/lib/dates";
import { emailKey, phoneKey } from "~/lib/forms/contact-keys";
import { nowIso } from "~/server/db/database.server";
import { openDayFromToday, salonTime } from "../support/dates";
import { expectNoAxeViolations } from "./support/a11y";
import { gotoRequestCard } from "./support/request-cards";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Outcomes in the browser: a no-show is marked from the booking's details after a confirm, with a
 * toast, and undone; the request card shows the client's history; axe in both themes. The rules and
 * answers are checked in tests/integration/booking-outcomes.test.ts and over HTTP.
 */

const tag = randomBytes(3).toString("hex");
const HOUR = 3_600_000;

async function appointment(first: string, startsAt: number, status: "requested" | "confirmed", outcome = "") {
  const db = e2eDb();
  const at = nowIso();
  const email = `${first.toLowerCase()}-${tag}@example.com`;
  const phone = "(713) 555-0177";
  await db
    .insertInto("booking_resources")
    .values({ key: "service:waxing" })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .insertInto("bookings")
    .values({
      kind: "appointment",
      resource: "service:waxing",
      staff_id: null,
      service: "waxing",
      option_name: "Brow Wax",
      duration_minutes: 30,
      price: "$25",
      starts_at: new Date(startsAt).toISOString(),
      ends_at: new Date(startsAt + HOUR / 2).toISOString(),
      status,
      outcome: outcome as "" | "no_show",
      requested_starts_at: null,
      first_name: first,
      last_name: `Client${tag}`,
      email,
      phone,
      email_key: emailKey(email),
      phone_key: phoneKey(phone),
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

test("a no-show is marked from the booking's details after a confirm, and undone; the request card shows the history; axe clean", async ({
  page,
  context,
  baseURL,
}) => {
  // Begun, and today on the salon's clock: a visit whose day has ended counts as completed, which
  // would put "1 visit" on the card in the first hour after the salon's midnight.
  const now = Date.now();
  const started = Math.max(now - HOUR, Date.parse(salonTime(localDate(now, DEFAULT_TIME_ZONE), "00:00")));
  const id = await appointment("Nora", started, "confirmed");
  // Nora's earlier no-show, and a request of hers far ahead: its card says so.
  await appointment("Nora", Date.now() - 48 * HOUR, "confirmed", "no_show");
  const requestId = await appointment(
    "Nora",
    Date.parse(salonTime(openDayFromToday(1000 + 20 * test.info().retry), "15:00")),
    "requested",
  );
  await signIn(context, baseURL!, "editor");
  const date = localDate(started, DEFAULT_TIME_ZONE);
  const card = page.getByTestId("booking-request").filter({ hasText: `Nora Client${tag}` });
  await gotoRequestCard(page, `/admin/bookings?view=day&date=${date}&booking=${id}`, requestId, card);
  await expect(card.getByTestId("client-history")).toHaveText("1 no-show");
  const details = page.getByTestId("booking-details");
  await details.getByRole("button", { name: "Mark as no-show" }).click();
  await expect(details.getByText("did not come to this appointment")).toBeVisible();
  // The rest of the page is scanned in admin-bookings.spec.ts; here, the card and the details.
  await expectNoAxeViolations(page, {
    include: '[data-testid="booking-details"], [data-testid="booking-request"]',
  });

  await details.getByRole("button", { name: "Yes, mark as no-show" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Marked as a no-show." })).toBeVisible();
  await expect(details.getByTestId("booking-outcome")).toHaveText("No-show");
  await details.getByRole("button", { name: "Undo no-show" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Outcome taken back." })).toBeVisible();
  await expect(details.getByRole("button", { name: "Mark as no-show" })).toBeVisible();
});
