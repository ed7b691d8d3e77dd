import { expect, test, type Page } from "@playwright/test";
import { CONTACT_FORM } from "~/content/contact";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eDb } from "./support/db";

/**
 * /contact in the browser: the message form with and without JavaScript, tap targets and axe.
 * The server's HTML (hero, location, phones, e-mail, hours, the form's fields, structured data,
 * the map, hours edited in the database) is checked over HTTP in
 * tests/integration/http/public-html-b.test.ts.
 */

const form = (page: Page) => page.locator("#contact-form form");
const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title });
const uniqueEmail = (tag: string) =>
  `contact-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const rows = (email: string) => e2eDb().selectFrom("form_submissions").selectAll().where("email", "=", email).execute();

/** Opens the page without waiting for its images, once its script has taken over. */
async function gotoEnhanced(page: Page, url = "/contact") {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused post keeps the values and marks the field; corrected, the form posts, shows the status on the page and stores a Contact row", async ({
    page,
  }) => {
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const email = uniqueEmail("nojs");
    let f = form(page);
    await f.getByLabel("Name").fill("Grace Kim");
    await f.getByLabel("Email").fill(email);
    await f.getByLabel("Phone").fill("12");
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    const status = form(page).locator("[data-form-status]");
    await expect(status).toContainText("Error sending message");
    f = form(page);
    await expect(f.getByLabel("Name")).toHaveValue("Grace Kim");
    await expect(f.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    expect(await rows(email)).toHaveLength(0);

    await f.getByLabel("Phone").fill("(713) 555-0177");
    await f.getByLabel("Service").selectOption("skin-care");
    await f.getByLabel("Message").fill("Do you offer gift cards?");
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(status).toContainText("Message sent successfully!");
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(status).toContainText("We'll get back to you as soon as possible.");
    await expect(status).toBeInViewport();
    const stored = await rows(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      form_type: "Contact",
      name: "Grace Kim",
      phone: "(713) 555-0177",
      service: "skin-care",
      message: "Do you offer gift cards?",
      page_path: "/contact",
    });
  });
});

test.describe("contact form with JavaScript", () => {
  test("the browser's own check stops an empty name; a failed send keeps the data; sent again: SENDING..., the success toast, the form reset and a stored Contact row", async ({
    page,
  }) => {
    await gotoEnhanced(page);
    const f = form(page);
    const email = uniqueEmail("js");
    const submit = f.locator('button[type="submit"]');
    let sent = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/forms/contact")) sent++;
    });

    // An empty name: the browser's own check stops the form and nothing is sent.
    await f.getByLabel("Email").fill(email);
    await submit.click();
    expect(await f.getByLabel("Name").evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await expect(f.getByLabel("Name")).toBeFocused();
    expect(sent).toBe(0);

    // The server fails: the catalogue's failure toast, and the data kept.
    await f.getByLabel("Name").fill("Lena Brooks");
    await f.getByLabel("Service").selectOption("facial");
    await f.getByLabel("Message").fill("Is Saturday possible?");
    await page.route("**/api/forms/contact", (route) => route.fulfill({ status: 503, body: "" }));
    await submit.click();
    const error = toast(page, "Error sending message");
    await expect(error).toContainText("Please try again or contact us directly.");
    await expect(error).toHaveAttribute("data-toast", "destructive");
    await expect(f.getByLabel("Name")).toHaveValue("Lena Brooks");
    await expect(f.getByLabel("Email")).toHaveValue(email);
    expect(await rows(email)).toHaveLength(0);

    // Sent again, with the answer held back so the pending state can be seen.
    await page.unroute("**/api/forms/contact");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/forms/contact", async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    await expect(submit).toHaveText("SENDING...");
    await expect(submit).toBeDisabled();
    release();
    const success = toast(page, "Message sent successfully!");
    await expect(success).toContainText("We'll get back to you as soon as possible.");
    await expect(submit).toHaveText(CONTACT_FORM.submit);
    await expect(f.getByLabel("Name")).toHaveValue("");
    await expect(f.getByLabel("Email")).toHaveValue("");
    await expect(f.getByLabel("Service")).toHaveValue("");
    await expect(f.getByLabel("Message")).toHaveValue("");
    const stored = await rows(email);
    expect(stored.map((r) => [r.form_type, r.name, r.service])).toEqual([["Contact", "Lena Brooks", "facial"]]);
  });

  test("works on a phone, and the call buttons are tap targets @mobile", async ({ page }) => {
    await gotoEnhanced(page);
    const call = page.getByRole("main").locator('a[href="tel:+17135550142"]');
    const box = await call.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    const email = uniqueEmail("mobile");
    const f = form(page);
    await f.getByLabel("Name").fill("Zoe Park");
    await f.getByLabel("Email").fill(email);
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(toast(page, "Message sent successfully!")).toBeVisible();
    await expect.poll(async () => (await rows(email)).length).toBe(1);
  });
});

test.describe("accessibility", () => {
  // One scan per theme, of the page with the no-JavaScript status message shown (the rest of the
  // page is as a visitor first sees it).
  test("no axe violations with the no-JavaScript status message shown", async ({ page }) => {
    // The form is submitted natively below, so this first load need not wait for the script.
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const f = form(page);
    await f.getByLabel("Name").fill("Axe Check");
    await f.getByLabel("Email").fill(uniqueEmail("axe"));
    // A native submit skips the enhancement: the page posts and renders its status message, as without JavaScript.
    await f.evaluate((el) => (el as HTMLFormElement).submit());
    await expect(form(page).locator("[data-form-status]")).toContainText("Message sent successfully!");
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    await expectNoAxeViolations(page);
  });

  test("no axe violations on a phone @mobile", async ({ page }) => {
    await gotoEnhanced(page);
    await expectNoAxeViolations(page);
  });
});
