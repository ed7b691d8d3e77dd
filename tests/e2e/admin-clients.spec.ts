import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { nowIso } from "~/server/db/database.server";
import { openDayFromToday, salonTime } from "../support/dates";
import { expectNoAxeViolationsInBothThemes } from "./support/a11y";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";
import { gotoRequestCard } from "./support/request-cards";

/**
 * A client's record in the browser, on a phone: one click from a request card's history line to the
 * client's page, a private note saved with a toast, axe in both themes. Matching, search, merge, erase
 * and the CSV are checked in tests/integration/clients.test.ts and over HTTP.
 */

const tag = randomBytes(3).toString("hex");

test("@mobile from a request card to the client's page in one click; a private note is saved with a toast; axe clean", async ({
  page,
  context,
  baseURL,
}) => {
  const db = e2eDb();
  const at = nowIso();
  const email = `mira-${tag}@example.com`;
  const { id: clientId } = await db
    .insertInto("clients")
    .values({
      name: `Mira Client${tag}`,
      email,
      phone: "",
      email_key: email,
      phone_key: "",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("booking_resources")
    .values({ key: "service:waxing" })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const starts = Date.parse(salonTime(openDayFromToday(1100 + 20 * test.info().retry), "15:00"));
  const { id } = await db
    .insertInto("bookings")
    .values({
      kind: "appointment",
      resource: "service:waxing",
      staff_id: null,
      service: "waxing",
      option_name: "Brow Wax",
      duration_minutes: 30,
      price: "$25",
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + 1_800_000).toISOString(),
      status: "requested",
      requested_starts_at: null,
      first_name: "Mira",
      last_name: `Client${tag}`,
      email,
      phone: "",
      email_key: email,
      phone_key: "",
      notes: "",
      reason: "",
      manage_key: randomBytes(8).toString("hex"),
      source: "online",
      client_id: clientId,
      reminder_sent_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await signIn(context, baseURL!, "editor");
  const card = page.getByTestId("booking-request").filter({ hasText: `Mira Client${tag}` });
  await gotoRequestCard(page, "/admin/bookings?view=day", id, card);

  await card
    .getByTestId("client-history")
    .getByRole("link", { name: /New client/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${clientId}$`));
  await expect(page.getByRole("heading", { name: `Mira Client${tag}` })).toBeVisible();

  const notes = page.getByRole("textbox", { name: "Notes" });
  await notes.fill("Sensitive skin: patch test first.");
  await page.getByRole("button", { name: "Save notes" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Notes saved." })).toBeVisible();
  await expect(notes).toHaveValue("Sensitive skin: patch test first.");
  await expectNoAxeViolationsInBothThemes(page);
});
