import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, THEMES, useTheme } from "./support/a11y";
import { waitForHydration } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Booking as a person does it: a real free time on a /book page (with and without JavaScript, on a
 * phone, then the manage link), and the request form of the service pages (calendar by mouse and
 * keyboard, slots, options, terms, toasts, reset). The server's rules are checked over HTTP in
 * tests/integration/http/booking-api.test.ts and public-html-b.test.ts.
 */

/** Opens a page without waiting for its images, once its script and the calendar have taken over. */
async function gotoEnhanced(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  // The calendar is a lazily loaded feature: wait until it has replaced the date input.
  await expect(page.locator(".calendar")).toBeVisible();
  return response;
}

const uniqueEmail = (tag: string) =>
  `booking-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function bookingRow(email: string) {
  return e2eDb().selectFrom("form_submissions").selectAll().where("email", "=", email).execute();
}

/** yyyy-MM-dd arithmetic in UTC (no time zone can shift a calendar date). */
function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar's name for a day: "Tuesday, December 15, 2026" (US style, as every date on the site). */
function usLabel(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

async function fillDetails(form: Locator, who: { first: string; last: string; email: string; phone: string }) {
  await form.getByLabel("First Name").fill(who.first);
  await form.getByLabel("Last Name").fill(who.last);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Phone").fill(who.phone);
}

const bookingForm = (page: Page) => page.locator("form[data-booking]");
const submitButton = (form: Locator) => form.getByRole("button", { name: /Request Appointment|SUBMITTING/ });
const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title });

/** Opens a /book page once its script has taken over. */
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
  test("calendar by keyboard, a slot by keyboard: stored with the page's toast", async ({ page }) => {
    await gotoEnhanced(page, "/services/nails");
    const form = bookingForm(page);
    const email = uniqueEmail("service-nails");
    await fillDetails(form, { first: "Mei", last: "Tanaka", email, phone: "713-555-0133" });
    const option = form.getByLabel("Service Option");
    await option.selectOption("Gel Pedicure");
    const min = (await form.locator('input[name="preferredDate"]').getAttribute("min"))!;

    // From the option select, Tab reaches the calendar (Previous month is disabled in this month).
    await option.focus();
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Next month" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: usLabel(min), exact: true })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    const date = addDays(min, 8);
    await expect(form.getByRole("button", { name: usLabel(date), exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form.getByText(`Selected: ${usLabel(date)}`)).toBeVisible();
    await expect(form.locator('input[name="preferredDate"]')).toHaveValue(date);

    // Tab on to the time slots; Space picks one, arrows move along them.
    await page.keyboard.press("Tab");
    await expect(form.getByRole("radio", { name: "9:00 AM", exact: true })).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await expect(form.getByRole("radio", { name: "10:00 AM", exact: true })).toBeChecked();

    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await submitButton(form).click();
    await expect(toast(page, "Booking Request Submitted!")).toContainText(
      "We'll contact you within 24 hours to confirm your Nail Services appointment.",
    );
    await expect(form.getByLabel("Email")).toHaveValue("");

    const rows = await bookingRow(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      form_type: "Booking",
      name: "Mei Tanaka",
      service: "Gel Pedicure",
      preferred_date: date,
      preferred_time: "10:00 AM",
      page_path: "/services/nails",
    });
  });

  test("the facials-waxing page (also at /services/wax) shows its own toast", async ({ page }) => {
    await gotoEnhanced(page, "/services/wax");
    const form = bookingForm(page);
    const email = uniqueEmail("wax");
    await fillDetails(form, { first: "Dana", last: "Whitfield", email, phone: "(713) 555-0144" });
    await form.getByLabel("Service Option").selectOption("Brazilian Wax");
    const min = (await form.locator('input[name="preferredDate"]').getAttribute("min"))!;
    await form.getByRole("button", { name: usLabel(addDays(min, 3)), exact: true }).click();
    await form.getByRole("radio", { name: "4:00 PM", exact: true }).check();
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await submitButton(form).click();
    await expect(toast(page, "Booking Submitted!")).toContainText(
      "We'll contact you within 24 hours to confirm your Facials & Waxing appointment.",
    );
    const rows = await bookingRow(email);
    expect(rows[0]).toMatchObject({
      service: "Brazilian Wax",
      preferred_date: addDays(min, 3),
      preferred_time: "4:00 PM",
    });
  });

  test("the static facials page books one of its eight options", async ({ page }) => {
    await gotoEnhanced(page, "/services/facials");
    const form = bookingForm(page);
    const options = form.getByLabel("Service Option").locator("option:not([value=''])");
    await expect(options).toHaveText([
      "Deep Cleansing Facial",
      "Anti-Aging Facial",
      "Hydrating Facial",
      "Acne Treatment Facial",
      "Brightening Facial",
      "Sensitive Skin Facial",
      "Chemical Peel",
      "Microdermabrasion",
    ]);
    const email = uniqueEmail("facials");
    await fillDetails(form, { first: "Lena", last: "Brooks", email, phone: "(713) 555-0155" });
    await form.getByLabel("Service Option").selectOption("Chemical Peel");
    const min = (await form.locator('input[name="preferredDate"]').getAttribute("min"))!;
    await form.getByRole("button", { name: usLabel(min), exact: true }).click();
    await form.getByRole("radio", { name: "5:00 PM", exact: true }).check();
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await submitButton(form).click();
    await expect(toast(page, "Booking Request Submitted!")).toContainText("to confirm your Facials appointment.");
    expect((await bookingRow(email))[0]).toMatchObject({ service: "Chemical Peel", preferred_date: min });
  });

  test("books from a phone @mobile", async ({ page }) => {
    await gotoLive(page, "/book/eyebrows");
    await days(page)
      .filter({ hasText: /\d+ free/ })
      .nth(1)
      .click();
    const form = liveForm(page);
    await chooseTime(form.getByRole("radio").nth(2));
    const email = uniqueEmail("mobile");
    await fillDetails(form, { first: "Rosa", last: "Alvarez", email, phone: "(713) 555-0166" });
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await form.getByRole("button", { name: "Request appointment" }).click();
    await expect(page.getByRole("heading", { name: "Your time is held for you" })).toBeVisible();
    expect((await appointmentRow(email))[0]).toMatchObject({ service: "eyebrows", status: "requested" });
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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

  for (const theme of THEMES) {
    test(`the settings page has no axe violations in the ${theme} theme`, async ({ page, context, baseURL }) => {
      await signIn(context, baseURL!, "admin");
      await useTheme(context, baseURL!, theme);
      await page.goto("/admin/bookings/settings");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByTestId("salon-feed-url")).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("accessibility", () => {
  test.slow(); // full-page scans of long pages
  // One scan per page type and theme: a /book page and a category page (/services/facials is one too).
  for (const theme of THEMES) {
    for (const path of ["/book/hair", "/services/hair"]) {
      test(`${path} has no violations in the ${theme} theme`, async ({ page, context, baseURL }) => {
        await useTheme(context, baseURL!, theme);
        if (path.startsWith("/book/")) await gotoLive(page, path);
        else await gotoEnhanced(page, path);
        await expect(page.locator("html")).toHaveClass(theme);
        // With a slot picked and a day chosen (the pointer left on it), so their selected styles are checked too.
        if (path.startsWith("/book/")) {
          await chooseTime(liveForm(page).getByRole("radio").first());
        } else {
          const form = bookingForm(page);
          const min = (await form.locator('input[name="preferredDate"]').getAttribute("min"))!;
          await form.getByRole("radio", { name: "10:00 AM", exact: true }).check();
          await form.getByRole("button", { name: usLabel(addDays(min, 1)), exact: true }).click();
        }
        // Colours mid-transition are not what a visitor reads: let them settle first.
        await page.waitForFunction(() => document.getAnimations().length === 0);
        await expectNoAxeViolations(page);
      });
    }
  }
});
