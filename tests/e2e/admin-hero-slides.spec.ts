import { randomBytes } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { upsertUser } from "~/server/auth/users.server";
import type { Role } from "~/server/db/schema";
import { expectNoAxeViolations as axeCheck, useTheme } from "./support/a11y";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/**
 * Hero slides in the admin (SPEC.md sections 2, 4, 7, 8; DECISIONS 2.6) and the home carousel
 * following every change. The home page of the shared e2e server must keep its four seeded slides
 * for the home tests, so these tests run against a server and database of their own.
 */

let server: PrivateServer;
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startPrivateServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * axe on these screens. The toasts are left out: sonner's success colours belong to the shared
 * toaster (components/ui/sonner.tsx) and are checked where it is owned.
 */
const expectNoAxeViolations = (page: Page) => axeCheck(page, { exclude: ["[data-sonner-toaster]"] });

const unique = (label: string) => `${label} ${randomBytes(3).toString("hex")}`;
const url = (path: string) => `${server.baseURL}${path}`;

async function signInAs(context: BrowserContext, role: Role) {
  const email = `${role}-${randomBytes(4).toString("hex")}@aurelia.test`;
  const { id } = await upsertUser(server.db, { email, password: "a-long-enough-password", role });
  const token = await createSession(server.db, { userId: id, aal: "aal1", userAgent: "playwright", ip: "127.0.0.1" });
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: server.baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
}

const card = (page: Page, title: string) =>
  page.getByTestId("slide-card").filter({ has: page.getByRole("heading", { name: title }) });
const cardTitles = (page: Page) => page.getByTestId("slide-card").locator("h3");

/** The slide headings of the home page, as the server rendered them (public pages do not hydrate). */
async function homeSlides(page: Page): Promise<string[]> {
  await page.goto(url("/"));
  return page.locator("[data-carousel-slide] h2").allTextContents();
}

async function gotoList(page: Page) {
  await page.goto(url("/admin/hero-slides"));
  await expect(page.getByRole("heading", { level: 1, name: "Hero Slides" })).toBeVisible();
  // The admin is a React app: wait until it answers clicks.
  await page.locator("[data-hydrated]").waitFor();
}

async function gotoForm(page: Page, path: string) {
  await page.goto(url(path));
  await page.locator("[data-hydrated]").waitFor();
}

async function createSlide(page: Page, title: string, extra: { inactive?: boolean } = {}) {
  await gotoForm(page, "/admin/hero-slides/new");
  await page.getByLabel("Title (required)").fill(title);
  await page.getByLabel("Image path or URL").fill("/images/hero-suites.jpg");
  await page.getByLabel(/^Alt text/).fill("A private suite");
  if (extra.inactive) await page.getByLabel("Show this slide on the home page").uncheck();
  await page.getByRole("button", { name: "Create slide" }).click();
  await expect(page).toHaveURL(url("/admin/hero-slides"));
  await expect(card(page, title)).toBeVisible();
}

test("the list shows the seeded slides with their pictures and texts; Back goes to the dashboard", async ({
  page,
  context,
}) => {
  await signInAs(context, "admin");
  await gotoList(page);
  for (const seeded of DEFAULT_HERO_SLIDES) {
    const slide = card(page, `${seeded.title} ${seeded.highlight}`);
    await expect(slide).toContainText(seeded.subtitle);
    await expect(slide.locator("img")).toHaveAttribute("src", new RegExp(seeded.image_url.replace(/\./g, "\\.")));
  }
  await expectNoAxeViolations(page);
  // The dark theme too (an inactive slide included).
  const specials = await server.db
    .selectFrom("hero_slides")
    .select("id")
    .where("title", "=", "SPECIALS")
    .executeTakeFirstOrThrow();
  await server.db.updateTable("hero_slides").set({ is_active: 0 }).where("id", "=", specials.id).execute();
  await useTheme(context, server.baseURL, "dark");
  await gotoList(page);
  await expect(card(page, "SPECIALS AVAILABLE").getByTestId("inactive-overlay")).toBeVisible();
  await expectNoAxeViolations(page);
  await server.db.updateTable("hero_slides").set({ is_active: 1 }).where("id", "=", specials.id).execute();
  await useTheme(context, server.baseURL, "light");
  await gotoList(page);
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(url("/admin/dashboard"));
  await page.goBack();
  await page.getByRole("link", { name: "Add Slide" }).click();
  await expect(page).toHaveURL(url("/admin/hero-slides/new"));
});

test("creating a slide: field errors keep what was typed, then every field reaches the home carousel", async ({
  page,
  context,
}) => {
  await signInAs(context, "admin");
  const title = unique("Bridal Glow");
  await gotoForm(page, "/admin/hero-slides/new");
  await expect(page.getByRole("heading", { name: "New slide" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Refused: no title, no image, no alt text, a link button with an unsafe link.
  await page.getByLabel("Highlight").fill("Season");
  await page.getByLabel("Button 2 label").fill("OPEN");
  await page.getByLabel("Button 2 action").selectOption("url");
  await page.getByLabel("Button 2 link").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Create slide" }).click();
  await expect(page.getByRole("alert")).toContainText("Please correct the highlighted fields");
  await expect(page.getByLabel("Title (required)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title (required)")).toBeFocused();
  await expect(page.getByText("Enter a title")).toBeVisible();
  await expect(page.getByText("Choose an image for the slide")).toBeVisible();
  await expect(page.getByText("Use a page of this site (/suites) or a full https:// address")).toBeVisible();
  await expect(page.getByLabel("Highlight")).toHaveValue("Season");
  await expect(page.getByLabel("Button 2 link")).toHaveValue("javascript:alert(1)");
  await expectNoAxeViolations(page);

  await page.getByLabel("Tag").fill("NEW THIS SEASON");
  await page.getByLabel("Title (required)").fill(title);
  await page.getByLabel("Subtitle").fill("Wedding-day hair and makeup");
  await page.getByLabel("Description").fill("Trials, on-site styling & a calm morning <for> the whole party.");
  await page.getByLabel("Image path or URL").fill("/images/hero-specials.jpg");
  await page.getByLabel(/^Alt text/).fill("Styling tools on marble");
  await page.getByLabel("Button 1 label").fill("BOOK A TRIAL");
  await page.getByLabel("Button 2 link").fill("/suites");
  await page.getByLabel("Button 2 is the primary button").uncheck();
  // The preview follows the form.
  await expect(page.getByRole("complementary", { name: "Preview" })).toContainText("BOOK A TRIAL");
  await page.getByRole("button", { name: "Create slide" }).click();

  await expect(page).toHaveURL(url("/admin/hero-slides"));
  await expect(page.getByText("Slide created successfully")).toBeVisible();
  const created = card(page, `${title} Season`);
  await expect(created).toContainText("NEW THIS SEASON");
  await expect(created).toContainText("Wedding-day hair and makeup");

  // New slides go last; the home page shows it with every field, text escaped.
  const titles = await homeSlides(page);
  expect(titles.at(-1)).toBe(`${title} Season`);
  // Slides out of view are inert once the carousel runs: read the markup, not the accessibility tree.
  const slide = page.locator("[data-carousel-slide]").last();
  await expect(slide).toContainText("NEW THIS SEASON");
  await expect(slide).toContainText("Trials, on-site styling & a calm morning <for> the whole party.");
  await expect(slide.locator("img")).toHaveAttribute("alt", "Styling tools on marble");
  await expect(slide.locator("a", { hasText: "BOOK A TRIAL" })).toHaveAttribute("href", "#appointment-section");
  await expect(slide.locator("a", { hasText: "OPEN" })).toHaveAttribute("href", "/suites");
});

test("editing a slide changes it on the home page; an unknown id is a 404 inside the admin", async ({
  page,
  context,
}) => {
  await signInAs(context, "admin");
  const title = unique("Edit Me");
  await createSlide(page, title);
  await card(page, title)
    .getByRole("link", { name: `Edit slide “${title}”` })
    .click();
  await expect(page.getByRole("heading", { name: "Edit slide" })).toBeVisible();
  await expect(page.getByLabel("Title (required)")).toHaveValue(title);
  await expectNoAxeViolations(page);

  // A refused edit keeps the stored slide as it was.
  await page.getByLabel("Title (required)").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter a title")).toBeVisible();

  const renamed = unique("Edited");
  await page.getByLabel("Title (required)").fill(renamed);
  await page.getByLabel("Subtitle").fill("Now with a subtitle");
  await page.getByLabel("Button 1 label").fill("CALL TODAY");
  await page.getByLabel("Button 1 action").selectOption("call");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(url("/admin/hero-slides"));
  await expect(page.getByText("Slide updated successfully")).toBeVisible();
  await expect(card(page, renamed)).toContainText("Now with a subtitle");
  await expect(card(page, title)).toHaveCount(0);

  expect(await homeSlides(page)).toContain(renamed);
  const slide = page.locator("[data-carousel-slide]").filter({ hasText: renamed });
  await expect(slide.locator("a", { hasText: "CALL TODAY" })).toHaveAttribute("href", /^tel:/);

  const missing = await page.goto(url("/admin/hero-slides/edit/999999"));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Slide not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  expect((await page.goto(url("/admin/hero-slides/edit/abc")))?.status()).toBe(404);
});

test("reordering with the keyboard and by dragging saves the order the home page uses", async ({ page, context }) => {
  test.slow(); // many saves and page loads in one story
  await signInAs(context, "editor");
  const a = unique("Order A");
  const b = unique("Order B");
  await createSlide(page, a);
  await createSlide(page, b);
  await gotoList(page);
  const before = await cardTitles(page).allTextContents();
  expect(before.slice(-2)).toEqual([a, b]);

  // Keyboard: focus B's Move up and press Enter until it is first; the focus stays on the button.
  const up = page.getByRole("button", { name: `Move ${b} up` });
  await up.focus();
  for (let i = 0; i < before.length - 1; i++) {
    await page.keyboard.press("Enter");
    await expect(cardTitles(page).nth(before.length - 2 - i)).toHaveText(b);
  }
  // At the top Move up is disabled and the focus moved to Move down.
  await expect(up).toBeDisabled();
  await expect(page.getByRole("button", { name: `Move ${b} down` })).toBeFocused();
  await expect(page.getByTestId("order-announcement")).toHaveText(`${b} moved to position 1 of ${before.length}.`);
  await expect(page.getByText("Slide order saved").first()).toBeVisible();
  await expect.poll(() => homeSlides(page)).toEqual([b, ...before.filter((t) => t !== b)]);

  // The order survives a reload.
  await gotoList(page);
  await expect(cardTitles(page)).toHaveText([b, ...before.filter((t) => t !== b)]);

  // Drag A onto the first card: A is first, B second. (A tall window: scrolling during a drag
  // would move the cards under the pointer.)
  await page.setViewportSize({ width: 1280, height: 2400 });
  await card(page, a).dragTo(card(page, b));
  await expect(cardTitles(page).first()).toHaveText(a);
  await expect(cardTitles(page).nth(1)).toHaveText(b);
  await expect.poll(async () => (await homeSlides(page)).slice(0, 2)).toEqual([a, b]);

  // Move down with the keyboard too, then back.
  await gotoList(page);
  await page.getByRole("button", { name: `Move ${a} down` }).focus();
  await page.keyboard.press("Enter");
  await expect(cardTitles(page).first()).toHaveText(b);
  await page.getByRole("button", { name: `Move ${a} up` }).press("Enter");
  await expect(cardTitles(page).first()).toHaveText(a);
  await expect.poll(async () => (await homeSlides(page)).slice(0, 2)).toEqual([a, b]);
});

test("Hide and Show toggle the slide on the home page, with the spec's toasts", async ({ page, context }) => {
  await signInAs(context, "editor");
  const title = unique("Toggle");
  await createSlide(page, title);
  const slide = card(page, title);
  await expect(slide.getByTestId("inactive-overlay")).toHaveCount(0);

  await slide.getByRole("button", { name: `Hide slide “${title}”` }).click();
  await expect(page.getByText("Slide deactivated")).toBeVisible();
  await expect(slide.getByTestId("inactive-overlay")).toHaveText("INACTIVE");
  await expectNoAxeViolations(page);
  expect(await homeSlides(page)).not.toContain(title);

  await gotoList(page);
  await expect(card(page, title).getByTestId("inactive-overlay")).toBeVisible();
  await card(page, title)
    .getByRole("button", { name: `Show slide “${title}”` })
    .click();
  await expect(page.getByText("Slide activated")).toBeVisible();
  await expect(card(page, title).getByTestId("inactive-overlay")).toHaveCount(0);
  expect(await homeSlides(page)).toContain(title);

  // A slide created hidden is dimmed from the start and not on the home page.
  const hidden = unique("Born Hidden");
  await createSlide(page, hidden, { inactive: true });
  await expect(card(page, hidden).getByTestId("inactive-overlay")).toBeVisible();
  expect(await homeSlides(page)).not.toContain(hidden);
});

test("delete asks first; Cancel keeps the slide, Delete removes it from the list and the home page", async ({
  page,
  context,
}) => {
  await signInAs(context, "admin");
  const title = unique("Delete Me");
  await createSlide(page, title);

  await card(page, title)
    .getByRole("button", { name: `Delete slide “${title}”` })
    .click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Are you sure you want to delete this slide?");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card(page, title)).toBeVisible();

  await card(page, title)
    .getByRole("button", { name: `Delete slide “${title}”` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete slide" }).click();
  await expect(page.getByText("Slide deleted successfully")).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  expect(await homeSlides(page)).not.toContain(title);
});

test("a slide removed behind the list's back gives the spec's error toasts; bad requests are refused", async ({
  page,
  context,
}) => {
  await signInAs(context, "admin");
  const hide = unique("Gone Hide");
  const remove = unique("Gone Delete");
  await createSlide(page, hide);
  await createSlide(page, remove);
  await gotoList(page);
  await server.db.deleteFrom("hero_slides").where("title", "=", hide).execute();

  await card(page, hide)
    .getByRole("button", { name: `Hide slide “${hide}”` })
    .click();
  await expect(page.getByText("Failed to update slide")).toBeVisible();
  await expect(card(page, hide)).toHaveCount(0);
  await server.db.deleteFrom("hero_slides").where("title", "=", remove).execute();
  await card(page, remove)
    .getByRole("button", { name: `Delete slide “${remove}”` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete slide" }).click();
  await expect(page.getByText("Failed to delete slide")).toBeVisible();
  await expect(card(page, remove)).toHaveCount(0);

  const post = (form: Record<string, string>) =>
    page.request.post(url("/admin/hero-slides"), { form, headers: { origin: server.baseURL } });
  expect((await post({ intent: "toggle", id: "999999", active: "1" })).status()).toBe(404);
  expect((await post({ intent: "delete", id: "999999" })).status()).toBe(404);
  expect((await post({ intent: "reorder", ids: "1,x" })).status()).toBe(400);
  expect((await post({ intent: "explode" })).status()).toBe(400);
});

test("with no slides at all the list offers Create First Slide", async ({ page, context }) => {
  await signInAs(context, "admin");
  await server.db.deleteFrom("hero_slides").execute();
  await gotoList(page);
  await expect(page.getByRole("heading", { name: "No slides yet" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Create First Slide" }).click();
  await expect(page).toHaveURL(url("/admin/hero-slides/new"));
  expect(await homeSlides(page)).toEqual([]);
});

test("@mobile on a phone the cards stack, their arrows reorder, and the screens pass axe", async ({
  page,
  context,
}) => {
  await signInAs(context, "editor");
  await gotoList(page);
  const titles = await cardTitles(page).allTextContents();
  expect(titles.length).toBeGreaterThan(1);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Move ${titles[1]} up` }).click();
  await expect(cardTitles(page).first()).toHaveText(titles[1]);
  await page.getByRole("button", { name: `Move ${titles[1]} down` }).click();
  await expect(cardTitles(page).first()).toHaveText(titles[0]);
  await expect.poll(async () => (await homeSlides(page)).slice(0, 2)).toEqual(titles.slice(0, 2));
  await gotoForm(page, "/admin/hero-slides/new");
  await expectNoAxeViolations(page);
});
