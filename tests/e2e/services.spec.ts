import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * /services, the treatment detail pages, the category pages (and /services/wax), 'Service Not
 * Found', the booking hub and the /book pages (SPEC.md section 2, DECISIONS.md 2.1).
 */

const SALON_TEL = "tel:+17135550142";
const SALON_SMS = "sms:+17135550142";

const TREATMENTS = [
  ["facial", "Facial Treatments", "Starting at $80", "60-90 minutes"],
  ["spa-treatment", "Spa Treatments", "$120", "90-120 minutes"],
  ["manicure", "Manicure & Nail Art", "$35", "45-60 minutes"],
  ["waxing", "Waxing Services", "$25", "15-45 minutes"],
  ["skin-care", "Advanced Skin Care", "$100", "60-90 minutes"],
  ["spa-package", "Spa Packages", "$250", "3-5 hours"],
] as const;

/** Category page id → its h1 and option count (DECISIONS.md 2.4). */
const CATEGORIES = [
  ["hair", "Hair Services", 12],
  ["nails", "Nail Services", 12],
  ["lashes", "Lash Services", 10],
  ["makeup", "Makeup Services", 10],
  ["eyebrows", "Eyebrow Services", 11],
  ["body-sculpting", "Body Sculpting", 10],
  ["facials-waxing", "Facials & Waxing", 12],
  ["lip-fillers", "Lip Fillers", 6],
] as const;

const BOOKINGS = [
  ["hair", "Hair", "2-4 hours", "$150"],
  ["nails", "Nails", "1-2 hours", "$45"],
  ["body-sculpting", "Body Sculpting", "1-3 hours", "$200"],
  ["eyebrows", "Eyebrows", "1-2 hours", "$120"],
  ["makeup", "Makeup", "1-2 hours", "$80"],
  ["lashes", "Lashes", "2-3 hours", "$100"],
  ["facials-waxing", "Facials & Waxing", "45min-2 hours", "$60"],
] as const;

async function gotoEnhanced(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  return response;
}

test.describe("/services", () => {
  test("lists the six treatments with LEARN MORE and BOOK NOW, then every category", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
    const treatments = page.locator("section[aria-labelledby=treatments-title] > ul > li");
    await expect(treatments).toHaveCount(6);
    for (const [i, [id, title, price, duration]] of TREATMENTS.entries()) {
      const card = treatments.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(title);
      await expect(card).toContainText(price);
      await expect(card).toContainText(duration);
      await expect(card.getByRole("link", { name: `Learn More about ${title}` })).toHaveAttribute(
        "href",
        `/services/${id}`,
      );
      await expect(card.getByRole("link", { name: `Book Now ${title} by phone` })).toHaveAttribute("href", SALON_TEL);
      await expect(card.locator("li")).toHaveCount(4);
    }
    const categories = page.locator("section[aria-labelledby=categories-title]").getByRole("link");
    const hrefs = await categories.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.sort()).toEqual([...CATEGORIES.map(([id]) => `/services/${id}`), "/services/facials"].sort());
  });

  test("LEARN MORE opens the treatment's page", async ({ page }) => {
    await page.goto("/services");
    await page.getByRole("link", { name: "Learn More about Spa Packages" }).click();
    await expect(page).toHaveURL(/\/services\/spa-package$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spa Packages");
  });
});

test.describe("treatment detail pages", () => {
  test("show title, subtitle, description, image, features, duration, price, process, benefits and a call button", async ({
    page,
  }) => {
    await page.goto("/services/facial");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Facial Treatments");
    const main = page.getByRole("main");
    await expect(main).toContainText("Clear, luminous skin, tailored to you");
    await expect(
      main.getByRole("img", {
        name: "A clay mask bowl and brush, a rose-quartz roller, serum and folded towels with eucalyptus",
      }),
    ).toBeAttached();
    await expect(main.getByText("Starting at $80")).toBeVisible();
    await expect(main.getByText("60-90 minutes")).toBeVisible();
    await expect(main.getByRole("heading", { name: "What to expect" })).toBeVisible();
    await expect(main.locator("ol > li")).toHaveCount(4);
    await expect(main.getByRole("heading", { name: "What's included" })).toBeVisible();
    await expect(main.getByText("Personal skin analysis")).toBeVisible();
    await expect(main.getByRole("heading", { name: "Why clients love it" })).toBeVisible();
    await expect(main.getByRole("link", { name: /Call to Book/ }).first()).toHaveAttribute("href", SALON_TEL);
    await expect(main.getByRole("link", { name: "All services" })).toHaveAttribute("href", "/services");
  });

  test("every treatment id answers 200 with its own title and description", async ({ request }) => {
    const titles = new Set<string>();
    for (const [id, title, price] of TREATMENTS) {
      const response = await request.get(`/services/${id}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(title.replace("&", "&amp;"));
      expect(html).toContain(price);
      titles.add(html.match(/<title>([^<]*)<\/title>/)![1]);
    }
    expect(titles.size).toBe(TREATMENTS.length);
  });
});

test.describe("Service Not Found", () => {
  test("/services/unknown answers 404 with the catalogue's text", async ({ page }) => {
    const response = await page.goto("/services/unknown");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service Not Found");
    await expect(page.getByText("The service you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Browse all services" })).toHaveAttribute(
      "href",
      "/services",
    );
  });

  test("an unknown /book id answers 404 too, and neither accepts a booking", async ({ request }) => {
    const page = await request.get("/book/lip-fillers");
    expect(page.status()).toBe(404);
    expect(await page.text()).toContain("Service Not Found");
    const post = await request.post("/services/unknown", { form: { serviceKey: "hair" } });
    expect(post.status()).toBe(404);
  });
});

test.describe("category pages", () => {
  test("each has its hero, Call and Text buttons and the booking form fed by its options", async ({ page }) => {
    for (const [id, title, optionCount] of CATEGORIES) {
      const response = await page.goto(`/services/${id}`);
      expect(response!.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: /^Call Now/ })).toHaveAttribute("href", SALON_TEL);
      await expect(main.getByRole("link", { name: /^Text Us/ }).first()).toHaveAttribute("href", SALON_SMS);
      await expect(main.getByRole("heading", { level: 2, name: `Book Your ${title} Appointment` })).toBeVisible();
      const form = main.locator("form[data-booking]");
      await expect(form.locator("select[name=serviceOption] option:not([value=''])")).toHaveCount(optionCount);
      await expect(form.getByText("Cancellation & Late Policy")).toBeVisible();
      await expect(form.locator("textarea[name=specialRequests]")).toHaveAttribute("rows", "3");
      await expect(form.locator("input[name=preferredTime]")).toHaveCount(9);
    }
  });

  test("/services/wax shows the facials-waxing page, whose canonical address is facials-waxing", async ({ page }) => {
    const response = await page.goto("/services/wax");
    expect(response!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Facials & Waxing");
    await expect(page.locator('input[name="serviceKey"]')).toHaveValue("waxing");
    await expect(page.locator("select[name=serviceOption]")).toContainText("Brazilian Wax");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services\/facials-waxing$/);
  });

  test("the policy text sits by the terms checkbox", async ({ page }) => {
    await page.goto("/services/lashes");
    const form = page.locator("form[data-booking]");
    for (const rule of [
      "charged the full service amount",
      "A $10 same-day fee",
      "A $10 late fee applies for every 15 minutes late",
      "may be cancelled and charged as a no-show",
      "All fees must be paid before re-booking.",
    ]) {
      await expect(form.getByText(rule)).toBeVisible();
    }
    await expect(form.getByLabel("I agree to the terms and cancellation policy")).toHaveAttribute("required", "");
  });
});

test.describe("booking hub and booking pages", () => {
  test("/bookings lists seven cards linking to /book/{id}, and a Contact Us link", async ({ page }) => {
    await page.goto("/bookings");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cards = page.locator("article");
    await expect(cards).toHaveCount(7);
    for (const [i, [id, title, duration, price]] of BOOKINGS.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading")).toHaveText(title);
      await expect(card).toContainText(duration);
      await expect(card).toContainText(`Starting at${price}`);
      await expect(card.getByRole("img")).toHaveCount(1);
      await expect(card.getByRole("link", { name: `Book Appointment for ${title}` })).toHaveAttribute(
        "href",
        `/book/${id}`,
      );
    }
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  test("a booking page has the back link, facts, Call Direct, Text Us, the form and What's Included", async ({
    page,
  }) => {
    await gotoEnhanced(page, "/bookings");
    await page.getByRole("link", { name: "Book Appointment for Body Sculpting" }).click();
    await expect(page).toHaveURL(/\/book\/body-sculpting$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Body Sculpting");
    await expect(main.getByRole("link", { name: "All services & pricing" })).toHaveAttribute("href", "/bookings");
    await expect(main.getByText("1-3 hours")).toBeVisible();
    await expect(main.getByText("$200", { exact: true })).toBeVisible();
    await expect(main.getByText("Your first visit includes a consultation")).toBeVisible();
    await expect(main.getByRole("link", { name: /^Call Direct/ })).toHaveAttribute("href", SALON_TEL);
    await expect(main.getByRole("link", { name: /^Text Us/ })).toHaveAttribute("href", SALON_SMS);
    await expect(main.locator("form[data-booking] select[name=serviceOption] option:not([value=''])")).toHaveCount(10);
    await expect(main.getByRole("heading", { name: "What's Included" })).toBeVisible();
    await expect(main.getByRole("heading", { level: 4 })).toHaveCount(3);
  });

  test("every booking page answers 200 @mobile", async ({ page }) => {
    for (const [id, title] of BOOKINGS) {
      const response = await page.goto(`/book/${id}`);
      expect(response!.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});

test.describe("accessibility", () => {
  test.slow(); // full-page scans of long pages
  const PATHS = [
    "/services",
    "/services/facial",
    "/services/spa-package",
    "/services/unknown",
    "/bookings",
    "/book/facials-waxing",
  ];
  for (const theme of ["light", "dark"] as const) {
    for (const path of PATHS) {
      test(`${path} has no violations in the ${theme} theme`, async ({ page, context, baseURL }) => {
        await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
        await gotoEnhanced(page, path);
        await expect(page.locator("html")).toHaveClass(theme);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations).toEqual([]);
      });
    }
  }

  test("the services page has no violations on a phone @mobile", async ({ page }) => {
    await gotoEnhanced(page, "/services");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});
