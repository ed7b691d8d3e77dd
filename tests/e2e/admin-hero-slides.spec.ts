import { randomBytes } from "node:crypto";
import { devices, expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { createSlide, publishSlides } from "~/server/hero-slides/admin-slides.server";
import { upsertUser } from "~/server/auth/users.server";
import type { Role } from "~/server/db/schema";
import {
  expectNoAxeViolations as axeCheck,
  expectNoAxeViolationsAtBothWidths,
  switchTheme,
  useTheme as setThemeCookie,
} from "./support/a11y";
import { signInAsUser } from "./support/admin-pages";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/**
 * Hero slides in the admin and the home carousel following every change. The home page of the
 * shared e2e server must keep its four seeded slides for the home tests, so these tests run against
 * a server and database of their own (one for the file: the phone test opens a phone-sized context
 * here rather than in the mobile project, which would start a second server for it). What the
 * server answers to bad requests and unknown slides is checked over HTTP in
 * tests/integration/http/admin-content.test.ts.
 */

let server: PrivateServer;
// In order in one worker (one server); a failing test does not skip the others (they make their own slides).
test.describe.configure({ mode: "default" });

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
  await signInAsUser(context, server.baseURL, server.db, id);
}

const card = (page: Page, title: string) =>
  page.getByTestId("slide-card").filter({ has: page.getByRole("heading", { name: title }) });
/** What one typed key may change in the slide form: the field's preview text and little else. */
const MUTATIONS_PER_KEY = 10;

const cardTitles = (page: Page) => page.getByTestId("slide-card").locator("h3");

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * The slide headings of the home page in their order, read from the HTML the server sends (the
 * carousel shows the slides in that order). Fetched beside the admin page, so the admin screen is
 * never navigated away while a save of it may still be on its way.
 */
async function homeSlides(request: APIRequestContext, path = "/"): Promise<string[]> {
  const html = await (await request.get(url(path))).text();
  return [...html.matchAll(/data-carousel-slide[^>]*>[\s\S]*?<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) =>
    decodeEntities(m[1].replace(/<[^>]*>/g, "")).trim(),
  );
}

/** The home page in the browser, for what a visitor sees of a slide (text is there once parsed). */
const gotoHome = (page: Page) => page.goto(url("/"), { waitUntil: "domcontentloaded" });

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

/** Creates a slide through the form, as a person does, and lands on the list. */
async function createSlideInForm(page: Page, title: string, extra: { inactive?: boolean } = {}) {
  await gotoForm(page, "/admin/hero-slides/new");
  await page.getByLabel("Title (required)").fill(title);
  await page.getByLabel("Image path or URL").fill("/images/hero-suites.jpg");
  await page.getByLabel(/^Alt text/).fill("A private suite");
  if (extra.inactive) await page.getByLabel("Show this slide on the home page").uncheck();
  await page.getByRole("button", { name: "Create slide" }).click();
  await expect(page).toHaveURL(url("/admin/hero-slides"));
  await expect(card(page, title)).toBeVisible();
}

/**
 * A slide for a test about something else (the form has its own test): stored the way the form
 * stores it, at the end of the carousel, and published.
 */
async function addSlide(...titles: string[]) {
  for (const title of titles) {
    await createSlide(
      server.db,
      {
        title,
        highlight: "",
        tag: "",
        subtitle: "",
        description: "",
        imageUrl: "/images/hero-suites.jpg",
        imageAlt: "A private suite",
        isActive: true,
        buttons: [],
      },
      { userId: null, email: null },
    );
  }
  await publishSlides(server.db, { userId: null, email: null });
}

/** The draft notice's Publish draft: the list's changes go live (decision 57). */
async function publishDraft(page: Page) {
  const notice = page.getByTestId("draft-notice");
  await expect(notice).toContainText("Visitors see the published slides until you publish.");
  await notice.getByRole("button", { name: "Publish draft" }).click();
  await expect(page.getByText("Slides published: the home page shows them now.").first()).toBeVisible();
  await expect(notice).toHaveCount(0);
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
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(url("/admin/dashboard"));
  await page.goBack();
  await page.getByRole("link", { name: "Add Slide" }).click();
  await expect(page).toHaveURL(url("/admin/hero-slides/new"));
});

test("an inactive slide is dimmed in the list; axe in the dark theme", async ({ page, context }) => {
  await signInAs(context, "admin");
  const specials = await server.db
    .selectFrom("hero_slides")
    .select("id")
    .where("title", "=", "SPECIALS")
    .executeTakeFirstOrThrow();
  await server.db.updateTable("hero_slides").set({ is_active: 0 }).where("id", "=", specials.id).execute();
  try {
    await setThemeCookie(context, server.baseURL, "dark");
    await gotoList(page);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(card(page, "SPECIALS AVAILABLE").getByTestId("inactive-overlay")).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await server.db.updateTable("hero_slides").set({ is_active: 1 }).where("id", "=", specials.id).execute();
  }
});

test("creating a slide: field errors keep what was typed, then every field reaches the home carousel", async ({
  page,
  context,
}) => {
  await signInAs(context, "admin");
  const title = unique("Bridal Glow");
  await gotoForm(page, "/admin/hero-slides/new");
  await expect(page.getByRole("heading", { name: "New slide" })).toBeVisible();

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
  // axe on the form (light), its error messages included.
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
  await gotoHome(page);
  await expect(page.locator("[data-carousel-slide] h2").last()).toHaveText(`${title} Season`);
  // Slides out of view are inert once the carousel runs: read the markup, not the accessibility tree.
  const slide = page.locator("[data-carousel-slide]").last();
  await expect(slide).toContainText("NEW THIS SEASON");
  await expect(slide).toContainText("Trials, on-site styling & a calm morning <for> the whole party.");
  await expect(slide.locator("img")).toHaveAttribute("alt", "Styling tools on marble");
  await expect(slide.locator("a", { hasText: "BOOK A TRIAL" })).toHaveAttribute("href", "#appointment-section");
  await expect(slide.locator("a", { hasText: "OPEN" })).toHaveAttribute("href", "/suites");
});

test("editing a slide changes it on the home page", async ({ page, context }) => {
  await signInAs(context, "admin");
  const title = unique("Edit Me");
  await addSlide(title);
  await gotoList(page);
  await card(page, title)
    .getByRole("link", { name: `Edit slide “${title}”` })
    .click();
  await expect(page.getByRole("heading", { name: "Edit slide" })).toBeVisible();
  await expect(page.getByLabel("Title (required)")).toHaveValue(title);
  // The form in the dark theme: axe on it.
  await switchTheme(page, "dark");
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

  await gotoHome(page);
  const slide = page.locator("[data-carousel-slide]").filter({ hasText: renamed });
  await expect(slide.locator("h2")).toHaveText(renamed);
  await expect(slide.locator("a", { hasText: "CALL TODAY" })).toHaveAttribute("href", /^tel:/);
});

test("typing into an existing slide keeps the preview current and the form at rest", async ({ page, context }) => {
  await signInAs(context, "admin");
  const seeded = DEFAULT_HERO_SLIDES[0];
  const { id } = await server.db
    .selectFrom("hero_slides")
    .select("id")
    .where("title", "=", seeded.title)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await gotoForm(page, `/admin/hero-slides/edit/${id}`);
  await expect(page.getByLabel("Title (required)")).toHaveValue(seeded.title);
  const preview = page.getByRole("complementary", { name: "Preview" });

  // Counted, not timed (a busy machine slows every key alike): a form that re-renders itself in a
  // loop changes its markup without end; one that follows the keys changes a few nodes per key.
  await page.evaluate(() => {
    const w = window as unknown as { formMutations: number };
    w.formMutations = 0;
    new MutationObserver((records) => (w.formMutations += records.length)).observe(
      document.querySelector("form:has(aside[aria-label='Preview'])")!,
      { subtree: true, childList: true, attributes: true, characterData: true },
    );
  });
  const typed = " and forty typed characters, one by one!";
  expect(typed).toHaveLength(40);
  for (const label of ["Title (required)", "Description"]) {
    await page.getByLabel(label).press("Control+End");
    for (const key of typed) await page.keyboard.type(key);
  }
  await expect(preview).toContainText(`${seeded.title}${typed}`);
  await expect(preview.locator("p", { hasText: seeded.description.slice(0, 30) })).toContainText(
    `${seeded.description}${typed}`,
  );
  const perKey = (await page.evaluate(() => (window as unknown as { formMutations: number }).formMutations)) / 80;
  expect(perKey, "changes to the form's markup per typed key").toBeLessThanOrEqual(MUTATIONS_PER_KEY);

  // And once typing stops the page is at rest: nothing re-renders the form over two frames.
  const mutations = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let count = 0;
        const observer = new MutationObserver((records) => (count += records.length));
        observer.observe(document.querySelector("form:has(aside[aria-label='Preview'])")!, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            observer.disconnect();
            resolve(count);
          }),
        );
      }),
  );
  expect(mutations).toBe(0);
});

test("reordering with the keyboard and by dragging saves the order the home page uses", async ({ page, context }) => {
  test.slow(); // many saves and page loads in one story
  await signInAs(context, "editor");
  const a = unique("Order A");
  const b = unique("Order B");
  await addSlide(a, b);
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
  // The new order is the carousel's draft: visitors keep the published one until Publish.
  expect(await homeSlides(page.request)).toEqual(before);
  await publishDraft(page);
  await expect.poll(() => homeSlides(page.request)).toEqual([b, ...before.filter((t) => t !== b)]);

  // The order survives a reload.
  await gotoList(page);
  await expect(cardTitles(page)).toHaveText([b, ...before.filter((t) => t !== b)]);

  // Drag A onto the first card: A is first, B second. (A tall window: scrolling during a drag
  // would move the cards under the pointer.)
  await page.setViewportSize({ width: 1280, height: 2400 });
  await card(page, a).dragTo(card(page, b));
  await expect(cardTitles(page).first()).toHaveText(a);
  await expect(cardTitles(page).nth(1)).toHaveText(b);
  await publishDraft(page);
  await expect.poll(async () => (await homeSlides(page.request)).slice(0, 2)).toEqual([a, b]);

  // On a slow line: each save is held on its way to the server until released here.
  const holds: (() => void)[] = [];
  let reorderPosts = 0;
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || !request.postData()?.includes("intent=reorder")) return route.fallback();
    reorderPosts++;
    await new Promise<void>((resolve) => holds.push(resolve));
    await route.continue();
  });
  const list = page.getByTestId("slide-list");

  // Move down with the keyboard, then Tab back to Move up while it saves: when the save is back,
  // the focus is still where the person put it.
  await page.getByRole("button", { name: `Move ${a} down` }).press("Enter");
  await expect(cardTitles(page).first()).toHaveText(b);
  await expect(list).toHaveAttribute("aria-busy", "true");
  const aUp = page.getByRole("button", { name: `Move ${a} up` });
  await page.keyboard.press("Shift+Tab");
  await expect(aUp).toBeFocused();
  await expect.poll(() => holds.length).toBe(1);
  holds.shift()!();
  await expect(list).toHaveAttribute("aria-busy", "false");
  await expect(aUp).toBeFocused();

  // Up, and down again before that save is back: the second move waits for the first save, so
  // the order saved last is the one shown last.
  await page.keyboard.press("Enter");
  await expect(cardTitles(page).first()).toHaveText(a);
  await page.getByRole("button", { name: `Move ${a} down` }).press("Enter");
  await expect(cardTitles(page).first()).toHaveText(b);
  expect(reorderPosts, "saves sent while one is on its way").toBe(2);
  holds.shift()!();
  await expect.poll(() => holds.length).toBe(1);
  holds.shift()!();
  await expect(list).toHaveAttribute("aria-busy", "false");
  await expect(cardTitles(page).first()).toHaveText(b);
  await page.unroute("**/*");
  await publishDraft(page);
  await expect.poll(async () => (await homeSlides(page.request)).slice(0, 2)).toEqual([b, a]);
});

test("Hide and Show toggle the slide in the draft, Publish takes it to the home page; axe on the draft and history at 1280 and 390 px in both themes", async ({
  page,
  context,
}) => {
  await signInAs(context, "editor");
  const title = unique("Toggle");
  await addSlide(title);
  await gotoList(page);
  const slide = card(page, title);
  await expect(slide.getByTestId("inactive-overlay")).toHaveCount(0);

  await slide.getByRole("button", { name: `Hide slide “${title}”` }).click();
  await expect(page.getByText("Slide deactivated")).toBeVisible();
  await expect(slide.getByTestId("inactive-overlay")).toHaveText("INACTIVE");
  expect(await homeSlides(page.request)).toContain(title);
  await expectNoAxeViolationsAtBothWidths(page, { exclude: ["[data-sonner-toaster]"] });
  // The draft's preview link: the home page as it will be, without a session.
  const preview = await page
    .getByTestId("draft-notice")
    .getByRole("link", { name: /Preview/ })
    .getAttribute("href");
  expect(preview).toMatch(/^\/\?preview=hero-slides\./);
  expect(await homeSlides(page.request, preview!)).not.toContain(title);
  await publishDraft(page);
  expect(await homeSlides(page.request)).not.toContain(title);
  const history = page.getByTestId("version-history").locator("li").first();
  await history.getByText("What changed").click();
  await expect(history).toContainText(`${title} (hidden)`);
  await expectNoAxeViolationsAtBothWidths(page, { exclude: ["[data-sonner-toaster]"] });

  // A reload shows it hidden still.
  await gotoList(page);
  await expect(card(page, title).getByTestId("inactive-overlay")).toBeVisible();
  await card(page, title)
    .getByRole("button", { name: `Show slide “${title}”` })
    .click();
  await expect(page.getByText("Slide activated")).toBeVisible();
  await expect(card(page, title).getByTestId("inactive-overlay")).toHaveCount(0);
  await publishDraft(page);
  expect(await homeSlides(page.request)).toContain(title);

  // A slide created hidden is dimmed from the start and not on the home page.
  const hidden = unique("Born Hidden");
  await createSlideInForm(page, hidden, { inactive: true });
  await expect(card(page, hidden).getByTestId("inactive-overlay")).toBeVisible();
  expect(await homeSlides(page.request)).not.toContain(hidden);
});

test("delete asks first; Cancel keeps the slide, Delete removes it from the list and the home page", async ({
  page,
  context,
}) => {
  await signInAs(context, "admin");
  const title = unique("Delete Me");
  await addSlide(title);
  await gotoList(page);

  await card(page, title)
    .getByRole("button", { name: `Delete slide “${title}”` })
    .click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Are you sure you want to delete this slide?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card(page, title)).toBeVisible();

  await card(page, title)
    .getByRole("button", { name: `Delete slide “${title}”` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete slide" }).click();
  await expect(page.getByText("Slide deleted successfully")).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  expect(await homeSlides(page.request)).toContain(title);
  await publishDraft(page);
  expect(await homeSlides(page.request)).not.toContain(title);
});

test("a slide removed behind the list's back gives the spec's error toasts", async ({ page, context }) => {
  await signInAs(context, "admin");
  const hide = unique("Gone Hide");
  const remove = unique("Gone Delete");
  await addSlide(hide, remove);
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
});

test("on a phone the cards stack and their arrows reorder", async ({ browser }) => {
  const phone = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 } });
  try {
    await signInAs(phone, "editor");
    const page = await phone.newPage();
    await gotoList(page);
    const titles = await cardTitles(page).allTextContents();
    expect(titles.length).toBeGreaterThan(1);
    // One card above the other, not side by side.
    const [first, second] = await Promise.all([0, 1].map((i) => page.getByTestId("slide-card").nth(i).boundingBox()));
    expect(second!.x).toBeCloseTo(first!.x, 0);
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
    await page.getByRole("button", { name: `Move ${titles[1]} up` }).click();
    await expect(cardTitles(page).first()).toHaveText(titles[1]);
    await page.getByRole("button", { name: `Move ${titles[1]} down` }).click();
    await expect(cardTitles(page).first()).toHaveText(titles[0]);
    await publishDraft(page);
    await expect.poll(async () => (await homeSlides(page.request)).slice(0, 2)).toEqual(titles.slice(0, 2));
  } finally {
    await phone.close();
  }
});

test("with no slides at all the list offers Create First Slide", async ({ page, context }) => {
  await signInAs(context, "admin");
  await server.db.deleteFrom("hero_slides").execute();
  await gotoList(page);
  await expect(page.getByRole("heading", { name: "No slides yet" })).toBeVisible();
  await page.getByRole("link", { name: "Create First Slide" }).click();
  await expect(page).toHaveURL(url("/admin/hero-slides/new"));
  // The rows went behind the server's back, and its page cache is emptied by admin saves only: a
  // query string asks for a fresh render of the home page.
  expect(await homeSlides(page.request, "/?fresh")).toEqual([]);
});
