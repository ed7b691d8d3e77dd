import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, THEMES, useTheme } from "./support/a11y";
import { e2eDb } from "./support/db";

/**
 * The booking form wherever it appears (/book/{id}, /services/{type}, /services/facials): the
 * calendar by mouse and keyboard, time slots, options, terms, the stored row, toasts, reset,
 * failure and the no-JavaScript path. The server's own rules (a past date, an unknown option or
 * slot, no terms) are checked over HTTP in tests/integration/http/public-html-b.test.ts.
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

function fifteenthOfNextMonth(iso: string): string {
  const [y, m] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m, 15)).toISOString().slice(0, 10);
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

test.describe("booking from a /book page", () => {
  test("the calendar's first month and the button's rules, then by mouse with a slot, an option and the terms: stored, toast, form cleared", async ({
    page,
  }) => {
    await gotoEnhanced(page, "/book/hair");
    const form = bookingForm(page);
    const submit = submitButton(form);
    const terms = form.getByLabel("I agree to the terms and cancellation policy");
    const email = uniqueEmail("book-hair");
    const min = (await form.locator('input[name="preferredDate"]').getAttribute("min"))!;

    // The calendar starts on Sunday; today can be chosen, the days before it and the month before cannot.
    await expect(form.locator(".calendar-grid th").first()).toHaveText("Su");
    await expect(form.getByRole("button", { name: usLabel(min), exact: true })).toBeEnabled();
    // The day before today, when it is shown in this month's grid, cannot be chosen.
    const yesterday = form.getByRole("button", { name: usLabel(addDays(min, -1)), exact: true });
    if (await yesterday.count()) await expect(yesterday).toBeDisabled();
    await expect(form.getByRole("button", { name: "Previous month" })).toBeDisabled();

    // Submit stays disabled until both the terms are agreed and a date is chosen.
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeDisabled();
    await terms.uncheck();

    await fillDetails(form, { first: "Camille", last: "Okafor", email, phone: "(713) 555-0111" });
    await form.getByLabel("Service Option").selectOption("Balayage");
    const date = fifteenthOfNextMonth(min);
    await form.getByRole("button", { name: "Next month" }).click();
    await form.getByRole("button", { name: usLabel(date), exact: true }).click();
    await expect(form.getByText(`Selected: ${usLabel(date)}`)).toBeVisible();
    await form.getByRole("radio", { name: "2:00 PM", exact: true }).check();
    await form.getByLabel("Special Requests").fill("Low-maintenance blonde, please.");
    // A date but no terms: still disabled.
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();

    // Hold the answer back so the pending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/forms/booking", async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    await expect(submit).toHaveText("SUBMITTING...");
    await expect(submit).toBeDisabled();
    release();

    await expect(toast(page, "Booking submitted successfully!")).toContainText(
      "We'll contact you soon to confirm your appointment.",
    );
    // The form and the date are cleared, and the button waits for a new date and the terms.
    await expect(form.getByLabel("First Name")).toHaveValue("");
    await expect(form.getByLabel("Service Option")).toHaveValue("");
    await expect(form.locator('input[name="preferredDate"]')).toHaveValue("");
    await expect(form.getByText("No date selected")).toBeVisible();
    await expect(terms).not.toBeChecked();
    await expect(submit).toHaveText("Request Appointment");
    await expect(submit).toBeDisabled();

    const rows = await bookingRow(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      form_type: "Booking",
      name: "Camille Okafor",
      email,
      phone: "(713) 555-0111",
      service: "Balayage",
      preferred_date: date,
      preferred_time: "2:00 PM",
      message: "Low-maintenance blonde, please.",
      page_path: "/book/hair",
    });
  });

  test("a failed submission shows the error toast and keeps what was typed", async ({ page }) => {
    await gotoEnhanced(page, "/book/makeup");
    await page.route("**/api/forms/booking", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ ok: false }) }),
    );
    const form = bookingForm(page);
    const email = uniqueEmail("failure");
    await fillDetails(form, { first: "Ines", last: "Duarte", email, phone: "7135550122" });
    await form.getByLabel("Service Option").selectOption("Bridal Trial");
    const min = (await form.locator('input[name="preferredDate"]').getAttribute("min"))!;
    const date = addDays(min, 2);
    await form.getByRole("button", { name: usLabel(date), exact: true }).click();
    await form.getByRole("radio", { name: "11:00 AM", exact: true }).check();
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await submitButton(form).click();

    await expect(toast(page, "Error submitting booking")).toContainText("Please try again or contact us directly.");
    await expect(form.getByLabel("First Name")).toHaveValue("Ines");
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(form.getByLabel("Service Option")).toHaveValue("Bridal Trial");
    await expect(form.locator('input[name="preferredDate"]')).toHaveValue(date);
    await expect(form.getByRole("radio", { name: "11:00 AM", exact: true })).toBeChecked();
    await expect(submitButton(form)).toBeEnabled();
    expect(await bookingRow(email)).toHaveLength(0);
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
    await gotoEnhanced(page, "/book/eyebrows");
    const form = bookingForm(page);
    const email = uniqueEmail("mobile");
    await fillDetails(form, { first: "Rosa", last: "Alvarez", email, phone: "(713) 555-0166" });
    await form.getByLabel("Service Option").selectOption("Brow Lamination");
    const min = (await form.locator('input[name="preferredDate"]').getAttribute("min"))!;
    await form.getByRole("button", { name: usLabel(addDays(min, 5)), exact: true }).click();
    await form.getByRole("radio", { name: "12:00 PM", exact: true }).check();
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await submitButton(form).click();
    await expect(toast(page, "Booking submitted successfully!")).toBeVisible();
    expect((await bookingRow(email))[0]).toMatchObject({ service: "Brow Lamination", preferred_time: "12:00 PM" });
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the native date input and the slots post to the page, which stores the booking", async ({ page }) => {
    await page.goto("/book/lashes", { waitUntil: "domcontentloaded" });
    const form = page.locator("form[data-booking]");
    const dateInput = form.getByLabel("Preferred Date");
    await expect(dateInput).toBeVisible();
    await expect(dateInput).toHaveAttribute("type", "date");
    const min = (await dateInput.getAttribute("min"))!;
    const email = uniqueEmail("nojs");
    await fillDetails(form, { first: "Priya", last: "Raman", email, phone: "(713) 555-0177" });
    await form.getByLabel("Service Option").selectOption("Lash Lift & Tint");
    await dateInput.fill(addDays(min, 4));
    await form.getByRole("radio", { name: "3:00 PM", exact: true }).check();
    await form.getByLabel("I agree to the terms and cancellation policy").check();
    await form.getByRole("button", { name: "Request Appointment" }).click();

    await expect(page).toHaveURL(/\/book\/lashes#booking-form$/);
    const status = page.locator("[data-form-status]");
    await expect(status).toBeInViewport();
    await expect(status).toContainText("Booking submitted successfully!");
    await expect(status).toContainText("We'll contact you soon to confirm your appointment.");
    const rows = await bookingRow(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      form_type: "Booking",
      name: "Priya Raman",
      service: "Lash Lift & Tint",
      preferred_date: addDays(min, 4),
      preferred_time: "3:00 PM",
    });
  });
});

test.describe("accessibility", () => {
  test.slow(); // full-page scans of long pages
  // One scan per page type and theme: a /book page and a category page (/services/facials is one too).
  for (const theme of THEMES) {
    for (const path of ["/book/hair", "/services/hair"]) {
      test(`${path} has no violations in the ${theme} theme`, async ({ page, context, baseURL }) => {
        await useTheme(context, baseURL!, theme);
        await gotoEnhanced(page, path);
        await expect(page.locator("html")).toHaveClass(theme);
        // With a slot picked and a day chosen (the pointer left on it), so their selected styles are checked too.
        const form = bookingForm(page);
        const min = (await form.locator('input[name="preferredDate"]').getAttribute("min"))!;
        await form.getByRole("radio", { name: "10:00 AM", exact: true }).check();
        await form.getByRole("button", { name: usLabel(addDays(min, 1)), exact: true }).click();
        // Colours mid-transition are not what a visitor reads: let them settle first.
        await page.waitForFunction(() => document.getAnimations().length === 0);
        await expectNoAxeViolations(page);
      });
    }
  }
});
