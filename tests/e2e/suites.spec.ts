import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, switchTheme, useTheme } from "./support/a11y";
import { shortSuiteApplication, suiteApplicant } from "../support/fixtures";
import { e2eDb } from "./support/db";

/**
 * /suites in the browser: a suite card leading to the application with its type chosen, the gallery
 * viewer, the rental application stored with every field, and a phone visitor's short application. The server's HTML (hero, cards, thumbnails' links,
 * required fields) and the application posted without JavaScript are checked over HTTP in
 * tests/integration/http/public-html-b.test.ts.
 */

/** Opens a page without waiting for its images, once its script has taken over. */
async function gotoEnhanced(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  return response;
}

const uniqueEmail = (tag: string) =>
  `suites-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const applicationForm = (page: Page) => page.locator("form#suite-application-form");
const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title });

const applicant = suiteApplicant;

async function fillApplication(form: Locator, a: ReturnType<typeof applicant>) {
  const d = a.details;
  await form.getByLabel("Full Name").fill(a.fullName);
  await form.getByRole("textbox", { name: "Email" }).fill(a.email);
  await form.getByLabel("Phone Number").fill(a.phoneNumber);
  await form.getByLabel("Your Specialty").selectOption(d.specialty);
  const sizes = form.getByRole("group", { name: "Suite Type (check all that apply)" });
  for (const size of d.suiteSizes) await sizes.getByLabel(size).check();
  await form.getByLabel("When would you like to start?").fill(d.desiredOccupancyDate);
  // The rest is folded under "Tell us more".
  await form.getByText("Tell us more (optional)").click();
  const typed: [label: string, value: string][] = [
    ["Date of Birth", d.dateOfBirth],
    ["Address", d.address],
    ["City", d.city],
    ["State", d.state],
    ["Zip Code", d.zipCode],
    ["Instagram", d.instagram],
    ["Facebook", d.facebook],
    ["TikTok", d.tiktok],
    ["Twitter / X", d.twitter],
    ["Business Name", d.businessName],
    ["Professional License ID", d.professionalLicenseId],
    ["Education and Experience", d.educationExperience],
    ["Services Provided", d.servicesProvided],
    ["Special Suite Requirements", d.specialSuiteRequirements],
  ];
  for (const [label, value] of typed) await form.getByLabel(label).fill(value);
  await form.getByRole("group", { name: "Preferred Communication" }).getByLabel("Text").check();
  await form.getByLabel("How did you hear about us?").selectOption(d.howFoundOut);
  await form.getByLabel("Typical Annual Income").selectOption(d.typicalAnnualIncome);
  await form.getByRole("group", { name: "Have you leased a suite before?" }).getByLabel("Yes").check();
}

async function applicationRows(email: string) {
  return e2eDb().selectFrom("form_submissions").selectAll().where("email", "=", email).execute();
}

test("on a phone in the dark theme each suite type shows its rent and free count, and Check Availability leads to the application @mobile", async ({
  page,
}) => {
  await gotoEnhanced(page, "/suites");
  await switchTheme(page, "dark");
  const cards = page.locator("section[aria-labelledby=suite-types-title] article");
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(3)).toContainText("from $65 / day");
  const small = cards.filter({ has: page.getByRole("heading", { name: "Small Suites" }) });
  await expect(small).toContainText("from $275 / week");
  await expect(small).toContainText("free now");
  await expect(small.getByRole("link", { name: "Book a tour of Small Suites" })).toHaveAttribute(
    "href",
    "/suites/tour?type=small",
  );
  await expectNoAxeViolations(page, { include: "section[aria-labelledby=suite-types-title]" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(applicationForm(page)).not.toBeInViewport();
  await small.getByRole("link", { name: "Check Availability for Small Suites" }).click();
  await expect(page).toHaveURL(/\/suites\?type=small#apply$/);
  await expect(page.getByLabel("Full Name")).toBeInViewport();
  await expect(
    applicationForm(page).getByRole("group", { name: "Suite Type (check all that apply)" }).getByLabel("Small Suites"),
  ).toBeChecked();
});

test.describe("gallery viewer", () => {
  test("opens full size, wraps both ways by keyboard, counts 'n of 9', traps focus and gives it back", async ({
    page,
  }) => {
    await gotoEnhanced(page, "/suites");
    const thumbs = page.locator("[data-gallery] a[data-gallery-item]");
    await expect(thumbs).toHaveCount(9);
    const dialog = page.getByRole("dialog", { name: "Suite photo viewer" });
    const counter = dialog.locator("[data-counter]");
    const image = dialog.locator("img");

    await thumbs.first().click();
    await expect(dialog).toBeVisible();
    await expect(counter).toHaveText("1 of 9");
    await expect(image).toHaveAttribute("alt", (await thumbs.first().getAttribute("data-alt"))!);
    await expect(image).toHaveAttribute("src", /suites-gallery-1\.jpg$/);

    // Backwards from the first wraps to the last, forwards from the last wraps to the first.
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText("9 of 9");
    await expect(image).toHaveAttribute("src", /suites-gallery-9\.jpg$/);
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("1 of 9");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("3 of 9");
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(counter).toHaveText("2 of 9");

    // Tab never leaves the viewer.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(thumbs.first()).toBeFocused();

    // By keyboard from the last thumbnail: Enter opens it, ArrowRight wraps to the first.
    await thumbs.last().focus();
    await page.keyboard.press("Enter");
    await expect(counter).toHaveText("9 of 9");
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("1 of 9");
    await dialog.getByRole("button", { name: "Close viewer" }).click();
    await expect(dialog).toBeHidden();
    await expect(thumbs.last()).toBeFocused();
  });

  test("works on a phone @mobile", async ({ page }) => {
    await gotoEnhanced(page, "/suites");
    const thumbs = page.locator("[data-gallery] a[data-gallery-item]");
    await thumbs.nth(4).click();
    const dialog = page.getByRole("dialog", { name: "Suite photo viewer" });
    await expect(dialog.locator("[data-counter]")).toHaveText("5 of 9");
    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(dialog.locator("[data-counter]")).toHaveText("6 of 9");
    // A swipe to the left shows the next photograph, to the right the previous one.
    const swipe = async (from: number, to: number) => {
      await dialog.dispatchEvent("pointerdown", { pointerType: "touch", clientX: from, clientY: 400, isPrimary: true });
      await dialog.dispatchEvent("pointerup", { pointerType: "touch", clientX: to, clientY: 400, isPrimary: true });
    };
    await swipe(300, 80);
    await expect(dialog.locator("[data-counter]")).toHaveText("7 of 9");
    await swipe(80, 320);
    await swipe(80, 320);
    await expect(dialog.locator("[data-counter]")).toHaveText("5 of 9");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close viewer" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("rental application", () => {
  // Twenty-three fields typed one by one: give the slowest machines room.
  test.slow();
  test("a failed submission shows an error toast and keeps the data; sent again, every field round-trips into the stored row and what happens next replaces the form", async ({
    page,
  }) => {
    await gotoEnhanced(page, "/suites");
    const form = applicationForm(page);
    const a = applicant(uniqueEmail("apply"));
    await fillApplication(form, a);
    const submit = form.getByRole("button", { name: /Submit Application|SUBMITTING/ });

    // The server fails: the error toast, and everything typed is still there.
    await page.route("**/api/forms/suite-application", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ ok: false }) }),
    );
    await submit.click();
    await expect(toast(page, "Error submitting application")).toContainText("Please try again or contact us directly.");
    await expect(form.getByLabel("Full Name")).toHaveValue(a.fullName);
    await expect(form.getByLabel("Business Name")).toHaveValue(a.details.businessName);
    await expect(
      form.getByRole("group", { name: "Suite Type (check all that apply)" }).getByLabel("Daily Rentals"),
    ).toBeChecked();
    await expect(submit).toHaveText("Submit Application");
    expect(await applicationRows(a.email)).toHaveLength(0);

    // Sent again, with the answer held back so the pending state can be seen.
    await page.unroute("**/api/forms/suite-application");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/forms/suite-application", async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    await expect(submit).toHaveText("SUBMITTING...");
    release();
    // No toast and no emptied form: the panel takes the form's place, its heading focused.
    const sent = page.getByTestId("application-sent");
    await expect(sent.getByRole("heading", { name: "Application Submitted!" })).toBeFocused();
    await expect(sent).toContainText("We'll contact you within 24 hours to discuss your suite rental.");
    await expect(form).toBeHidden();
    await expect(toast(page, "Application Submitted!")).toHaveCount(0);

    const rows = await applicationRows(a.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      form_type: "Suite Application",
      name: a.fullName,
      email: a.email,
      phone: a.phoneNumber,
      page_path: "/suites",
    });
    expect(JSON.parse(rows[0].details!)).toEqual(a.details);
  });

  test("a phone visitor sends the required part alone: it fits on two screens, then what happens next shows (dark) @mobile", async ({
    page,
    context,
    baseURL,
  }) => {
    await useTheme(context, baseURL!, "dark");
    await gotoEnhanced(page, "/suites?type=small#apply");
    const form = applicationForm(page);
    // From the form's first field to its button, "Tell us more" folded: at most two 844 px screens.
    const top = (await form.getByLabel("Full Name").boundingBox())!.y;
    const submit = form.getByRole("button", { name: "Submit Application" });
    const bottom = await submit.boundingBox().then((box) => box!.y + box!.height);
    expect(bottom - top).toBeLessThanOrEqual(2 * 844);

    const a = shortSuiteApplication(uniqueEmail("phone"));
    await form.getByLabel("Full Name").fill(a.fullName);
    await form.getByRole("textbox", { name: "Email" }).fill(a.email);
    await form.getByLabel("Phone Number").fill(a.phoneNumber);
    await form.getByLabel("Your Specialty").selectOption(a.specialty);
    await form.getByLabel("When would you like to start?").fill(a.desiredOccupancyDate);
    // Small Suites is already chosen by the card's link.
    await submit.click();

    const sent = page.getByTestId("application-sent");
    await expect(sent.getByRole("heading", { name: "Application Submitted!" })).toBeFocused();
    await expect(sent.getByRole("listitem")).toHaveCount(3);
    const [row] = await applicationRows(a.email);
    expect(row).toMatchObject({ applicant_stage: "new", phone: a.phoneNumber });
    expect(JSON.parse(row.details!)).toMatchObject({ suiteSizes: ["Small Suites"], specialty: a.specialty });
    await expectNoAxeViolations(page);
  });
});

test.describe("accessibility", () => {
  test("/suites has no violations", async ({ page }) => {
    await gotoEnhanced(page, "/suites");
    await expectNoAxeViolations(page);
  });

  // The viewer's colours are its own, the same in both themes: one scan of it open.
  test("/suites has no violations with the gallery viewer open", async ({ page }) => {
    await gotoEnhanced(page, "/suites");
    await page.locator("[data-gallery] a[data-gallery-item]").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectNoAxeViolations(page);
  });
});
