import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { nowIso } from "~/server/db/database.server";
import { openDayFromToday } from "../support/dates";
import { expectNoAxeViolations } from "./support/a11y";
import { gotoHydrated, waitForHydration } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * What only a browser shows of a visit of several services at the front desk: New booking's
 * "Add another service" rows, the visit's details opened from the calendar, and the waiting
 * list's "Offer this time" confirm with its toast; axe in both themes. What the server does with
 * each form is checked over HTTP (admin-visits.test.ts, admin-waitlist-offer.test.ts).
 */

const tag = randomBytes(3).toString("hex");
// Far ahead and past the booking window (the waiting list's job never offers there); a retry takes a day of its own.
const day = () => openDayFromToday(1200 + 20 * test.info().retry);
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

test("New booking adds a manicure after a colour: the free times fit both, one visit, each part in its chair's column, its details list both", async ({
  page,
  context,
  baseURL,
}) => {
  // Inside the booking window, where the free times are offered.
  const date = openDayFromToday(45 + 20 * test.info().retry);
  await signIn(context, baseURL!, "admin");
  await gotoHydrated(page, `/admin/bookings?view=day&date=${date}`);
  await page.getByRole("link", { name: "New booking" }).click();
  const dialog = page.getByRole("dialog", { name: "New booking" });
  // With JavaScript the link opens the dialog and stays on the calendar (its page form is for no JavaScript).
  await expect(dialog).toBeVisible();
  expect(page.url()).not.toContain("new=1");
  await dialog.getByLabel("Service", { exact: true }).selectOption("hair");
  await dialog.getByLabel("Option", { exact: true }).selectOption("Single-Process Color");
  await dialog.getByRole("button", { name: "Add another service" }).click();
  const added = dialog.getByRole("group", { name: /Service 2/ });
  await added.getByLabel("Service and option").selectOption("nails:Gel Manicure");
  // The free times are the whole visit's: the last start (half-hour steps, closing at 6) leaves 2 h 45 for
  // both, where the colour alone could start at 4:00.
  const free = dialog.getByLabel("Free for the whole visit");
  await expect(free.locator("option", { hasText: "10:00 AM" })).toHaveCount(1);
  await expect(free.locator("option").last()).toHaveText("3:00 PM");
  await free.selectOption("10:00");
  await expect(dialog.getByLabel("Time", { exact: true })).toHaveValue("10:00");
  await dialog.getByLabel("First name").fill("Vera");
  await dialog.getByLabel("Last name").fill(`Visit${tag}`);
  await dialog.getByLabel("Phone").fill("(713) 555-0188");
  // The page under the dialog is scanned in admin-bookings.spec.ts; here, what this adds.
  await expectNoAxeViolations(page, { include: '[role="dialog"]' });
  await dialog.getByRole("button", { name: "Book and confirm" }).click();
  await expect(toasts(page).first()).toContainText("Booking made and confirmed.");

  const parts = page.getByTestId("calendar-entry").filter({ hasText: `Vera Visit${tag}` });
  await expect(parts).toHaveCount(2);
  await expect(page.getByRole("list", { name: /^Hair,/ })).toContainText("Visit, service 1 of 2");
  await expect(page.getByRole("list", { name: /^Nails,/ })).toContainText("Visit, service 2 of 2");
  await parts.first().click();
  const visit = page.getByTestId("visit-parts");
  await expect(visit).toContainText("10:00 AM · Hair — Single-Process Color");
  await expect(visit).toContainText("12:00 PM · Nails — Gel Manicure");
});

test("the waiting list's Offer this time asks first, then holds the time and says so", async ({
  page,
  context,
  baseURL,
}) => {
  const at = nowIso();
  await e2eDb()
    .insertInto("waitlist_entries")
    .values({
      service: "lashes",
      option_name: "Classic Full Set",
      staff_id: null,
      first_name: "Wanda",
      last_name: `Wait${tag}`,
      email: `wanda-${tag}@example.com`,
      phone: "(713) 555-0177",
      from_date: day(),
      to_date: day(),
      day_parts: "morning",
      status: "waiting",
      leave_key: randomBytes(16).toString("hex"),
      created_at: at,
      updated_at: at,
    })
    .execute();
  await signIn(context, baseURL!, "admin");
  await page.goto("/admin/bookings/waiting-list");
  const form = page.getByRole("form", { name: `Offer Wanda Wait${tag} a time` });
  await waitForHydration(page, `form[aria-label="Offer Wanda Wait${tag} a time"]`);
  await expect(form.getByLabel("Date")).toHaveValue(day());
  await form.getByLabel("Time").fill("10:00");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Offer this time" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Offer Wanda Wait${tag} this time?` });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(toasts(page)).toHaveCount(0);
  await form.getByRole("button", { name: "Offer this time" }).click();
  await confirm.getByRole("button", { name: "Offer and e-mail" }).click();
  await expect(toasts(page).first()).toContainText("Time offered.");
  await expect(
    page
      .getByTestId("waiting-list")
      .getByRole("listitem")
      .filter({ hasText: `Wait${tag}` }),
  ).toContainText("A time is held for them");
});
