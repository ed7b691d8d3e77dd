import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from "./support/a11y";
import { waitForHydration } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Booking as a person does it: a real free time on a /book page and on a service page (with and
 * without JavaScript, then the manage link; on a phone: tests/e2e/phone-booking.spec.ts). The server's rules, the service pages'
 * words and lip fillers' request form are checked over HTTP in
 * tests/integration/http/booking-api.test.ts and public-html-b.test.ts.
 */

const uniqueEmail = (tag: string) =>
  `booking-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function fillDetails(form: Locator, who: { first: string; last: string; email: string; phone: string }) {
  await form.getByLabel("First Name").fill(who.first);
  await form.getByLabel("Last Name").fill(who.last);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Phone").fill(who.phone);
}

/** Opens a booking page (/book or a service page) once its script has taken over. */
async function gotoLive(page: Page, path: string) {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
}

const liveForm = (page: Page) => page.locator("form#booking-form");
const days = (page: Page) => page.getByRole("navigation", { name: "Days" }).getByRole("link");

/** Chooses a time as a person does: a tap on its chip (the radio inside is visually hidden). */
async function chooseTime(radio: Locator) {
  await radio.locator("xpath=..").click();
  await expect(radio).toBeChecked();
}

async function appointmentRow(email: string) {
  return e2eDb().selectFrom("bookings").selectAll().where("email", "=", email).execute();
}

test.describe("booking a free time on a /book page", () => {
  test("a day's times appear in place, a time is booked, and the manage link cancels it", async ({ page }) => {
    await gotoLive(page, "/book/hair");
    // Another option loads the page for it.
    await page.getByLabel("Service Option").selectOption("Men's Haircut");
    await expect(page).toHaveURL(/option=Men%27s\+Haircut/);
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");

    // A day with free times that is not the one shown: its times replace the list without a page load.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const open = days(page).filter({ hasText: /\d+ free/ });
    const day = open.nth(1);
    const date = (await day.getAttribute("data-day"))!;
    await day.click();
    await expect(day).toHaveAttribute("aria-current", "date");
    await expect(page.locator("[data-live-times] legend")).toHaveText(
      `Free times on ${new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" })}`,
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page).toHaveURL(new RegExp(`date=${date}`));

    const form = liveForm(page);
    const time = form.getByRole("radio").first();
    const start = (await time.getAttribute("value"))!;
    expect(start.startsWith(date)).toBe(true);
    await chooseTime(time);
    const email = uniqueEmail("live");
    await fillDetails(form, { first: "Camille", last: "Okafor", email, phone: "(713) 555-0111" });
    await form.getByLabel("Special Requests").fill("Low-maintenance, please.");
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await form.getByRole("button", { name: "Request appointment" }).click();

    await expect(page.getByRole("heading", { name: "Your time is held for you" })).toBeVisible();
    const rows = await appointmentRow(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      service: "hair",
      option_name: "Men's Haircut",
      status: "requested",
      first_name: "Camille",
      notes: "Low-maintenance, please.",
      starts_at: new Date(start).toISOString(),
    });

    await page.getByRole("link", { name: "View or change your booking" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Camille, here is your booking");
    await expect(page.getByText("Requested", { exact: true })).toBeVisible();
    await page.getByText("Cancel this appointment").click();
    await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
    await expect(page.getByRole("status")).toHaveText("Your booking is cancelled.");
    expect((await appointmentRow(email))[0].status).toBe("cancelled");
  });
});

test.describe("booking from a service page", () => {
  test("the day's times change in place and the booking answers in the page's own words", async ({ page }) => {
    await gotoLive(page, "/services/nails");
    const day = days(page)
      .filter({ hasText: /\d+ free/ })
      .nth(1);
    const date = (await day.getAttribute("data-day"))!;
    await day.click();
    await expect(day).toHaveAttribute("aria-current", "date");
    await expect(page).toHaveURL(new RegExp(`/services/nails\\?option=.+&date=${date}`));
    const form = liveForm(page);
    const time = form.getByRole("radio").first();
    const start = (await time.getAttribute("value"))!;
    expect(start.startsWith(date)).toBe(true);
    await chooseTime(time);
    const email = uniqueEmail("service-nails");
    await fillDetails(form, { first: "Mei", last: "Tanaka", email, phone: "713-555-0133" });
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await form.getByRole("button", { name: "Request appointment" }).click();

    await expect(page.getByRole("heading", { name: "Booking Request Submitted!" })).toBeVisible();
    await expect(page.locator("[data-booked]")).toContainText(
      "We'll contact you within 24 hours to confirm your Nail Services appointment.",
    );
    expect((await appointmentRow(email))[0]).toMatchObject({
      service: "nails",
      status: "requested",
      starts_at: new Date(start).toISOString(),
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a day link shows that day's times, and the chosen time posts to the page, which books it", async ({ page }) => {
    await page.goto("/book/lashes", { waitUntil: "domcontentloaded" });
    const day = days(page)
      .filter({ hasText: /\d+ free/ })
      .nth(2);
    const date = (await day.getAttribute("data-day"))!;
    await day.click();
    await expect(page).toHaveURL(new RegExp(`/book/lashes\\?option=.+&date=${date}#book-times$`));
    const form = liveForm(page);
    const time = form.getByRole("radio").nth(3);
    const start = (await time.getAttribute("value"))!;
    await chooseTime(time);
    const email = uniqueEmail("nojs");
    await fillDetails(form, { first: "Priya", last: "Raman", email, phone: "(713) 555-0177" });
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await form.getByRole("button", { name: "Request appointment" }).click();

    await expect(page.getByRole("heading", { name: "Your time is held for you" })).toBeInViewport();
    const rows = await appointmentRow(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ service: "lashes", first_name: "Priya", starts_at: new Date(start).toISOString() });
  });
});

test.describe("booking settings (admin)", () => {
  // In order in one worker: each save sends the whole form, so two of these tests saving at once
  // would each undo the other's change.
  test.describe.configure({ mode: "default" });
  test("a wrong value gets its field error and an error toast; corrected, it saves with a success toast", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, "admin");
    await page.goto("/admin/bookings/settings");
    await waitForHydration(page, "form[method=post]");
    const step = page.getByLabel("Time step (minutes)");
    const saved = await step.inputValue();
    await step.fill("2");
    await page.getByRole("button", { name: "Save booking settings" }).click();
    await expect(page.getByText("Please correct the highlighted fields.")).toBeVisible();
    await expect(step).toHaveAttribute("aria-invalid", "true");
    await expect(step).toHaveAccessibleDescription(/Enter a whole number from 5 to 240\./);
    await step.fill(saved);
    await page.getByRole("button", { name: "Save booking settings" }).click();
    await expect(page.getByText("Booking settings updated successfully")).toBeVisible();
    await expect(step).not.toHaveAttribute("aria-invalid");
  });

  test("a salon e-mail turned off stays off after a reload, and on again when checked", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, "admin");
    await page.goto("/admin/bookings/settings");
    await waitForHydration(page, "form[method=post]");
    const moves = page.getByRole("checkbox", { name: "A client moves their booking" });
    const agenda = page.getByRole("checkbox", { name: "The day's bookings, every morning at opening time" });
    await expect(moves).toBeChecked();
    await expect(agenda).not.toBeChecked();
    const save = async () => {
      await page.getByRole("button", { name: "Save booking settings" }).click();
      await expect(page.getByText("Booking settings updated successfully")).toBeVisible();
    };
    await moves.uncheck();
    await save();
    await page.reload();
    await waitForHydration(page, "form[method=post]");
    await expect(moves).not.toBeChecked();
    await moves.check();
    await save();
    await page.reload();
    await expect(moves).toBeChecked();
  });

  test("the settings page has no axe violations", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, "admin");
    await page.goto("/admin/bookings/settings");
    await waitForHydration(page, "form[method=post]");
    await expect(page.getByTestId("salon-feed-url")).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    await expectNoAxeViolations(page);
  });
});

test.describe("accessibility", () => {
  // One scan per page type: a /book page, also in the dark theme (one of the pages scanned in both:
  // docs/testing.md, Accessibility), and a category page (/services/facials is one too).
  for (const [path, themes] of [
    ["/book/hair", "in the light and the dark theme"],
    ["/services/hair", "in the light theme"],
  ] as const) {
    test(`${path} has no violations ${themes}`, async ({ page }) => {
      await gotoLive(page, path);
      // With a time picked, so its selected style is checked too.
      await chooseTime(liveForm(page).getByRole("radio").first());
      // Colours mid-transition are not what a visitor reads: let them settle first.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      if (path === "/book/hair") await expectNoAxeViolationsInBothThemes(page);
      else await expectNoAxeViolations(page);
    });
  }
});
