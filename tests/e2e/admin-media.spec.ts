import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { nowIso } from "~/server/db/database.server";
import { expectNoAxeViolations } from "./support/a11y";
import { waitForHydration } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";
import { makeImage } from "../support/fixtures";

/**
 * The Media Library screen as a person uses it. The upload endpoint's JSON answers (staff only,
 * size cap), the stored original and what a delete removes are checked over HTTP in
 * tests/integration/http/admin-content.test.ts; an image chosen in a page editor is followed in
 * admin-content.spec.ts, whose server of its own may change the home page.
 */

/** How many of the library's cards axe scans. */
const SCANNED_CARDS = 5;

/**
 * axe on the library with its first cards: the newest (the test's own uploads, whose URLs are
 * given) and some of the site's own photographs. The forty-odd cards are one component in a few
 * states, and scanning every one of them took most of this test's time.
 */
async function expectNoAxeViolationsInLibrary(page: Page, uploads: string[]) {
  const scanned = await page
    .getByTestId("media-card")
    .evaluateAll(
      (cards, n) => cards.slice(0, n).map((c) => [c.getAttribute("data-image-url"), c.textContent ?? ""] as const),
      SCANNED_CARDS,
    );
  for (const url of uploads) expect(scanned.map(([u]) => u)).toContain(url);
  expect(
    scanned.some(([, text]) => text.includes("Site photo")),
    "a site photo among the scanned cards",
  ).toBe(true);
  await expectNoAxeViolations(page, { exclude: [`[data-testid="media-card"]:nth-child(n+${SCANNED_CARDS + 1})`] });
}

function card(page: Page, name: string) {
  return page.getByTestId("media-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test.describe("Media Library", () => {
  test("uploads two images at once, shows them, edits alt text, copies the URL; an image in use cannot be deleted, an unused one can", async ({
    page,
    context,
    baseURL,
  }) => {
    const tag = randomBytes(4).toString("hex");
    const names = { a: `e2e-media-${tag}-salon.jpg`, b: `e2e-media-${tag}-detail.png` };
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(context, baseURL!, "editor");
    await page.goto("/admin/media");
    await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();
    await waitForHydration(page, 'input[type="file"]');

    await page.getByLabel("Choose images to upload").setInputFiles([
      { name: names.a, mimeType: "image/jpeg", buffer: await makeImage(800, 600, "jpeg") },
      { name: names.b, mimeType: "image/png", buffer: await makeImage(640, 480, "png", "#6f8a7a") },
    ]);
    await expect(page.getByText("2 images uploaded")).toBeVisible();
    const a = card(page, names.a);
    const b = card(page, names.b);
    await expect(a.getByTestId("media-dimensions")).toHaveText("800 × 600 px");
    await expect(b.getByTestId("media-dimensions")).toHaveText("640 × 480 px");
    await expect(a.getByText("Not used")).toBeVisible();
    const url = (await a.getAttribute("data-image-url"))!;
    expect(url).toMatch(new RegExp(`^/media/\\d{4}/\\d{2}/e2e-media-${tag}-salon-[0-9a-f]{10}\\.jpg$`));

    // The preview (a WebP variant) loads.
    await expect(a.getByRole("img")).toHaveJSProperty("complete", true);
    await expect(a.getByRole("img")).not.toHaveJSProperty("naturalWidth", 0);

    // Alt text.
    await a.getByLabel("Alt text", { exact: true }).fill("Warm light over the styling chairs");
    await a.getByRole("button", { name: `Save alt text of ${names.a}` }).click();
    await expect(page.getByText("Alt text saved")).toBeVisible();
    const row = await e2eDb()
      .selectFrom("site_images")
      .select(["id", "alt"])
      .where("original_name", "=", names.a)
      .executeTakeFirstOrThrow();
    expect(row.alt).toBe("Warm light over the styling chairs");

    // Copy URL.
    await a.getByRole("button", { name: `Copy URL of ${names.a}` }).click();
    await expect(page.getByText("URL copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The image is used by a (hidden) hero slide: deleting is refused, naming the slide.
    const slideTitle = `E2E media slide ${tag}`;
    const now = nowIso();
    const slide = await e2eDb()
      .insertInto("hero_slides")
      .values({
        title: slideTitle,
        subtitle: "",
        image_url: url,
        image_alt: "",
        is_active: 0,
        display_order: 999,
        tag: "",
        highlight: "",
        description: "",
        buttons: "[]",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      await page.reload();
      await expect(a.getByText("Used in 1 place")).toBeVisible();
      // axe on the library and, below, on the refusal dialog.
      await expectNoAxeViolationsInLibrary(page, [url, (await b.getAttribute("data-image-url"))!]);

      await a.getByRole("button", { name: `Delete ${names.a}` }).click();
      const refusal = page.getByRole("alertdialog", { name: `${names.a} is in use` });
      await expect(refusal.getByTestId("usage-warning")).toHaveText("This image is used on:");
      await expect(refusal.getByRole("link", { name: new RegExp(`^Hero slide \\d+: ${slideTitle}$`) })).toHaveAttribute(
        "href",
        `/admin/hero-slides/edit/${slide.id}`,
      );
      await expect(refusal.getByRole("button", { name: "Delete image" })).toHaveCount(0);
      await expectNoAxeViolations(page, { include: '[role="alertdialog"]' });
      await refusal.getByRole("button", { name: "Close" }).click();
      await expect(refusal).toBeHidden();
      await expect(a).toBeVisible();
    } finally {
      await e2eDb().deleteFrom("hero_slides").where("id", "=", slide.id).execute();
    }

    // No longer used: Cancel keeps it, Delete removes it.
    await page.reload();
    await expect(a.getByText("Not used")).toBeVisible();
    await a.getByRole("button", { name: `Delete ${names.a}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Delete ${names.a}?` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(a).toBeVisible();

    await a.getByRole("button", { name: `Delete ${names.a}` }).click();
    await dialog.getByRole("button", { name: "Delete image" }).click();
    await expect(page.getByText(`${names.a} deleted`)).toBeVisible();
    await expect(a).toHaveCount(0);
    await expect(b).toBeVisible();
    expect(
      await e2eDb().selectFrom("site_images").select("id").where("id", "=", row.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  test("refuses a text file posing as a JPEG and an SVG, with clear messages", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!);
    await page.goto("/admin/media");
    await waitForHydration(page, 'input[type="file"]');
    const tag = randomBytes(4).toString("hex");
    await page.getByLabel("Choose images to upload").setInputFiles([
      { name: `notes-${tag}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") },
      {
        name: `logo-${tag}.svg`,
        mimeType: "image/svg+xml",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    await expect(
      uploads.getByRole("alert").filter({ hasText: `"notes-${tag}.jpg" is not an image we can read` }),
    ).toBeVisible();
    await expect(
      uploads.getByRole("alert").filter({ hasText: "SVG images are not accepted because they can contain scripts" }),
    ).toBeVisible();
    await expect(page.getByText("2 images could not be uploaded")).toBeVisible();
    expect(
      await e2eDb().selectFrom("site_images").select("id").where("original_name", "like", `%-${tag}.%`).execute(),
    ).toEqual([]);
  });
});
