import { expect, test, type Page } from "@playwright/test";
import { CONTACT_FORM, contactDefaults as contact } from "~/content/contact";
import { expectNoAxeViolations, THEMES, useTheme } from "./support/a11y";
import { e2eDb } from "./support/db";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/**
 * /contact (SPEC.md sections 2, 5, 8): hero, the message form with and without JavaScript,
 * location, tap-to-call, e-mail, hours (the same as the home card), the optional map.
 */

const form = (page: Page) => page.locator("#contact-form form");
const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title });
const uniqueEmail = (tag: string) =>
  `contact-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const rows = (email: string) => e2eDb().selectFrom("form_submissions").selectAll().where("email", "=", email).execute();

async function gotoEnhanced(page: Page, url = "/contact") {
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
}

/** The hours of a page's main content (not the footer's) as [day, hours] pairs. */
async function hoursOf(page: Page, scope: string) {
  const days = page.locator(`${scope} [data-day]`);
  await expect(days).toHaveCount(7);
  return Promise.all(
    (await days.all()).map(async (d) => [await d.locator("dt").textContent(), await d.locator("dd").textContent()]),
  );
}

test.describe("server HTML", () => {
  test.use({ javaScriptEnabled: false });

  test("hero, location, two tap-to-call buttons, e-mail and hours from content", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText(contact.hero_title);
    const main = page.getByRole("main");
    await expect(main).toContainText(contact.hero_subtitle);
    const address = main.locator("address");
    await expect(address).toContainText(contact.address_line1);
    await expect(address).toContainText(contact.address_line2);
    await expect(address).toContainText(`${contact.city}, ${contact.state} ${contact.zip}`);
    await expect(main).toContainText(contact.map_description);
    await expect(main.locator('a[href="tel:+17135550142"]')).toContainText(contact.salon_phone);
    await expect(main.locator('a[href="tel:+17135550199"]')).toContainText(contact.tel_phone);
    await expect(main.locator(`a[href="mailto:${contact.email}"]`)).toHaveText(contact.email);
    expect(await hoursOf(page, "main")).toEqual([
      ["Sunday", "Closed"],
      ["Monday", "Closed"],
      ["Tuesday", "9:00 AM - 6:00 PM"],
      ["Wednesday", "9:00 AM - 6:00 PM"],
      ["Thursday", "9:00 AM - 6:00 PM"],
      ["Friday", "9:00 AM - 6:00 PM"],
      ["Saturday", "Closed"],
    ]);
    await expect(main).toContainText(contact.hours_note);
    // map_embed_url is empty by default: no map.
    await expect(page.locator("iframe")).toHaveCount(0);
  });

  test("the form: name and email required, phone, the six services after 'Select a service', message", async ({
    page,
  }) => {
    await page.goto("/contact");
    const f = form(page);
    await expect(f.getByLabel("Name")).toHaveAttribute("required", "");
    await expect(f.getByLabel("Email")).toHaveAttribute("required", "");
    await expect(f.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(f.getByLabel("Phone")).toHaveAttribute("type", "tel");
    await expect(f.getByLabel("Phone")).not.toHaveAttribute("required", "");
    const options = f.getByLabel("Service").locator("option");
    expect(await options.evaluateAll((els) => els.map((o) => (o as HTMLOptionElement).value))).toEqual([
      "",
      "facial",
      "spa-treatment",
      "manicure",
      "waxing",
      "skin-care",
      "spa-package",
    ]);
    await expect(options.first()).toHaveText("Select a service");
    await expect(f.getByLabel("Message")).toBeVisible();
  });

  test("the BeautySalon structured data, title and canonical", async ({ page }) => {
    await page.goto("/contact");
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(json).toMatchObject({ "@type": "BeautySalon", name: contact.business_name, email: contact.email });
    expect(json.contactPoint.map((c: { telephone: string }) => c.telephone)).toEqual(["+17135550142", "+17135550199"]);
    await expect(page).toHaveTitle(/^Contact Us \| /);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/contact$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(contact.city));
  });

  test("without JavaScript the form posts, shows the status on the page and stores a Contact row", async ({ page }) => {
    await page.goto("/contact");
    const email = uniqueEmail("nojs");
    const f = form(page);
    await f.getByLabel("Name").fill("Grace Kim");
    await f.getByLabel("Email").fill(email);
    await f.getByLabel("Phone").fill("(713) 555-0177");
    await f.getByLabel("Service").selectOption("skin-care");
    await f.getByLabel("Message").fill("Do you offer gift cards?");
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    const status = form(page).locator("[data-form-status]");
    await expect(status).toContainText("Message sent successfully!");
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

  test("without JavaScript a refused post keeps the values and marks the field", async ({ page }) => {
    await page.goto("/contact");
    const f = form(page);
    await f.getByLabel("Name").fill("Grace Kim");
    await f.getByLabel("Email").fill("grace@example.com");
    await f.getByLabel("Phone").fill("12");
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    const status = form(page).locator("[data-form-status]");
    await expect(status).toContainText("Error sending message");
    await expect(form(page).getByLabel("Name")).toHaveValue("Grace Kim");
    await expect(form(page).getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("contact form with JavaScript", () => {
  test("SENDING..., the success toast, the form reset and a stored Contact row", async ({ page }) => {
    await gotoEnhanced(page);
    const f = form(page);
    const email = uniqueEmail("js");
    await f.getByLabel("Name").fill("Lena Brooks");
    await f.getByLabel("Email").fill(email);
    await f.getByLabel("Service").selectOption("facial");
    await f.getByLabel("Message").fill("Is Saturday possible?");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/forms/contact", async (route) => {
      await held;
      await route.continue();
    });
    const submit = f.locator('button[type="submit"]');
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

  test("the browser's own check stops an empty name; nothing is sent", async ({ page }) => {
    await gotoEnhanced(page);
    let sent = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/forms/contact")) sent++;
    });
    const f = form(page);
    await f.getByLabel("Email").fill("someone@example.com");
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    expect(await f.getByLabel("Name").evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await expect(f.getByLabel("Name")).toBeFocused();
    expect(sent).toBe(0);
  });

  test("failure: the catalogue's failure toast and the data kept", async ({ page }) => {
    await gotoEnhanced(page);
    await page.route("**/api/forms/contact", (route) => route.fulfill({ status: 503, body: "" }));
    const f = form(page);
    await f.getByLabel("Name").fill("Lena Brooks");
    await f.getByLabel("Email").fill("lena@example.com");
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    const error = toast(page, "Error sending message");
    await expect(error).toContainText("Please try again or contact us directly.");
    await expect(error).toHaveAttribute("data-toast", "destructive");
    await expect(f.getByLabel("Name")).toHaveValue("Lena Brooks");
    await expect(f.getByLabel("Email")).toHaveValue("lena@example.com");
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

test.describe("content from the database: one source of hours for home, contact and footer", () => {
  let server: PrivateServer;
  test.describe.configure({ mode: "serial" });
  const MAP = "https://www.google.com/maps/embed?pb=test";

  test.beforeAll(async () => {
    server = await startPrivateServer(async ({ saveContent }) => {
      await saveContent("contact", {
        hero_title: "Say Hello",
        hours_monday: "10:00 AM - 4:00 PM",
        hours_saturday: "9:00 AM - 2:00 PM",
        hours_note: "Holiday hours may vary.",
        map_embed_url: MAP,
      });
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const expected = [
    ["Sunday", "Closed"],
    ["Monday", "10:00 AM - 4:00 PM"],
    ["Tuesday", "9:00 AM - 6:00 PM"],
    ["Wednesday", "9:00 AM - 6:00 PM"],
    ["Thursday", "9:00 AM - 6:00 PM"],
    ["Friday", "9:00 AM - 6:00 PM"],
    ["Saturday", "9:00 AM - 2:00 PM"],
  ];

  test("changed hours show the same on the contact page and the home hours card", async ({ page }) => {
    await page.goto(`${server.baseURL}/contact`);
    await expect(page.locator("h1")).toHaveText("Say Hello");
    expect(await hoursOf(page, "main")).toEqual(expected);
    await expect(page.getByRole("main")).toContainText("Holiday hours may vary.");

    await page.goto(`${server.baseURL}/`);
    expect(await hoursOf(page, "[data-hours-card]")).toEqual(expected);
    await expect(page.locator("[data-hours-card]")).toContainText("Holiday hours may vary.");
    // The structured data follows too.
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(json.openingHoursSpecification).toHaveLength(6);
  });

  test("the map is embedded when map_embed_url is set", async ({ page }) => {
    await page.goto(`${server.baseURL}/contact`);
    const map = page.locator("iframe");
    await expect(map).toHaveAttribute("src", MAP);
    await expect(map).toHaveAttribute("title", new RegExp(contact.business_name.replace("&", ".")));
    await expect(map).toHaveAttribute("loading", "lazy");
  });
});

test.describe("accessibility", () => {
  for (const theme of THEMES) {
    test(`no axe violations in the ${theme} theme`, async ({ page, context, baseURL }) => {
      await useTheme(context, baseURL!, theme);
      await gotoEnhanced(page);
      await expect(page.locator("html")).toHaveClass(theme);
      await expectNoAxeViolations(page);
    });

    test(`no axe violations with the no-JavaScript status message shown, ${theme}`, async ({
      page,
      context,
      baseURL,
    }) => {
      await useTheme(context, baseURL!, theme);
      await gotoEnhanced(page);
      const f = form(page);
      await f.getByLabel("Name").fill("Axe Check");
      await f.getByLabel("Email").fill(uniqueEmail(`axe-${theme}`));
      // A native submit skips the enhancement: the page posts and renders its status message, as without JavaScript.
      await f.evaluate((el) => (el as HTMLFormElement).submit());
      await expect(form(page).locator("[data-form-status]")).toContainText("Message sent successfully!");
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
      await expectNoAxeViolations(page);
    });
  }

  test("no axe violations on a phone @mobile", async ({ page }) => {
    await gotoEnhanced(page);
    await expectNoAxeViolations(page);
  });
});
