import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { upsertUser } from "~/server/auth/users.server";
import { nowIso } from "~/server/db/database.server";
import { expectNoAxeViolations } from "./support/a11y";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/** A real photo-like image, made here, with camera data the server must strip. */
async function makeImage(width: number, height: number, format: "jpeg" | "png", color = "#b98b73") {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return format === "jpeg"
    ? image
        .jpeg()
        .withExif({ IFD0: { Make: "SecretCam" } })
        .toBuffer()
    : image.png().toBuffer();
}

function card(page: Page, name: string) {
  return page.getByTestId("media-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test.describe("Media Library", () => {
  test("uploads two images at once, shows them, edits alt text, copies the URL, deletes with a usage warning", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const tag = randomBytes(4).toString("hex");
    const names = { a: `e2e-media-${tag}-salon.jpg`, b: `e2e-media-${tag}-detail.png` };
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(context, baseURL!, "editor");
    await page.goto("/admin/media");
    await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();

    await page.getByLabel("Choose images to upload").setInputFiles([
      { name: names.a, mimeType: "image/jpeg", buffer: await makeImage(1200, 800, "jpeg") },
      { name: names.b, mimeType: "image/png", buffer: await makeImage(640, 480, "png", "#6f8a7a") },
    ]);
    await expect(page.getByText("2 images uploaded")).toBeVisible();
    const a = card(page, names.a);
    const b = card(page, names.b);
    await expect(a.getByTestId("media-dimensions")).toHaveText("1200 × 800 px");
    await expect(b.getByTestId("media-dimensions")).toHaveText("640 × 480 px");
    await expect(a.getByText("Not used")).toBeVisible();
    const url = (await a.getAttribute("data-image-url"))!;
    expect(url).toMatch(new RegExp(`^/media/\\d{4}/\\d{2}/e2e-media-${tag}-salon-[0-9a-f]{10}\\.jpg$`));

    // The preview is a WebP variant; the original is served, without its camera data.
    await expect(a.getByRole("img")).toHaveJSProperty("complete", true);
    const original = await request.get(url);
    expect(original.status()).toBe(200);
    expect(original.headers()["content-type"]).toBe("image/jpeg");
    expect((await original.body()).includes(Buffer.from("SecretCam"))).toBe(false);

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

    // The image is used by a (hidden) hero slide: deleting warns and names it.
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
      await expectNoAxeViolations(page);

      await a.getByRole("button", { name: `Delete ${names.a}` }).click();
      const dialog = page.getByRole("alertdialog", { name: `Delete ${names.a}?` });
      await expect(dialog.getByTestId("usage-warning")).toHaveText(/This image is still used in 1 place/);
      await expect(dialog.getByRole("link", { name: `Hero slide: ${slideTitle}` })).toHaveAttribute(
        "href",
        `/admin/hero-slides/edit/${slide.id}`,
      );
      await expectNoAxeViolations(page);
      // Cancel keeps it.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(a).toBeVisible();

      await a.getByRole("button", { name: `Delete ${names.a}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete image" }).click();
      await expect(page.getByText(`${names.a} deleted`)).toBeVisible();
      await expect(a).toHaveCount(0);
      await expect(b).toBeVisible();
      expect((await request.get(url)).status()).toBe(404);
      expect((await request.get(`/_img/640/webp${url}`)).status()).toBe(404);
      expect(
        await e2eDb().selectFrom("site_images").select("id").where("id", "=", row.id).executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await e2eDb().deleteFrom("hero_slides").where("id", "=", slide.id).execute();
    }
  });

  test("refuses a text file posing as a JPEG and an SVG, with clear messages", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!);
    await page.goto("/admin/media");
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

  test("the upload endpoint is for staff only", async ({ request }) => {
    const response = await request.post("/admin/media/upload", {
      multipart: { file: { name: "x.png", mimeType: "image/png", buffer: await makeImage(10, 10, "png") } },
    });
    expect(response.status()).toBe(401);
    expect((await request.get("/admin/media/upload?list=1")).status()).toBe(401);
  });
});

test("the upload endpoint holds its own size cap (the app's body limit leaves /admin/ alone)", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, baseURL!, "editor");
  const response = await page.request.post("/admin/media/upload", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(11 * 1024 * 1024, 7) } },
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toEqual({
    ok: false,
    error: "The file is larger than 10 MB. Please upload a smaller image.",
  });
  const list = await page.request.get("/admin/media/upload?list=1");
  expect(list.status()).toBe(200);
  expect(Array.isArray((await list.json()).images)).toBe(true);
});

test.describe("an image chosen in a page editor", () => {
  let server: PrivateServer;
  test.beforeAll(async () => {
    server = await startPrivateServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("is uploaded through the image field, saved, and served to visitors as AVIF/WebP", async ({ page, context }) => {
    const base = server.baseURL;
    const { id } = await upsertUser(server.db, {
      email: `media-${randomBytes(4).toString("hex")}@aurelia.test`,
      password: "a-long-enough-password",
      role: "editor",
    });
    const token = await createSession(server.db, { userId: id, aal: "aal1", userAgent: "playwright", ip: "127.0.0.1" });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base, httpOnly: true, sameSite: "Lax" }]);

    await page.goto(`${base}/admin/edit/home`);
    await page.getByRole("tab", { name: "About Section" }).click();
    const field = page.locator('[data-image-field="about.image_url"]');
    await field.getByLabel(/^Upload an image for/).setInputFiles({
      name: "about-suite.jpg",
      mimeType: "image/jpeg",
      buffer: await makeImage(1600, 2000, "jpeg", "#8a6f5e"),
    });
    const input = field.getByLabel("Image path or URL");
    await expect(input).toHaveValue(/^\/media\/\d{4}\/\d{2}\/about-suite-[0-9a-f]{10}\.jpg$/);
    const url = await input.inputValue();
    await expect(field.getByRole("img")).toHaveAttribute("src", `/_img/480/webp${url}`);
    await page.getByRole("button", { name: /^Save/ }).first().click();
    await expect(page.getByText("About section updated successfully")).toBeVisible();

    // The library lists it, and the field's "Choose from library" offers it.
    await page.reload();
    await page.getByRole("tab", { name: "About Section" }).click();
    await field.getByRole("button", { name: "Choose from library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from library" });
    await expect(picker.getByRole("button", { name: /^Choose about-suite\.jpg/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();

    // The public page: a <picture> with AVIF and WebP sources made from the upload.
    const html = await (await fetch(`${base}/`)).text();
    const avifSrcset = html.match(
      new RegExp(`<source type="image/avif" srcSet="([^"]*${url.replace(/[.]/g, "\\.")}[^"]*)"`),
    );
    expect(avifSrcset, "the about image offers AVIF variants of the upload").not.toBeNull();
    const first = avifSrcset![1].split(",")[0].trim().split(" ")[0];
    expect(first).toMatch(/^\/_img\/\d+\/avif\/media\//);
    const avif = await fetch(`${base}${first}`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    const webp = await fetch(`${base}${first.replace("/avif/", "/webp/")}`);
    expect(webp.headers.get("content-type")).toBe("image/webp");

    // And the browser really picks a modern format.
    await page.goto(`${base}/`);
    const img = page.locator("#about img").first();
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/\/_img\/\d+\/avif\/media\//);
  });
});
