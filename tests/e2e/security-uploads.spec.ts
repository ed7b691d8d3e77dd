import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Security sweep (issue 8): POST /admin/media/upload over HTTP with a signed-in staff session.
 * Files that are not images by their bytes, oversize files and SVGs are refused; names with path
 * tricks never leave the uploads folder; no session, no upload; another site's POST is refused.
 */

const tag = randomBytes(4).toString("hex");
const png = () =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: "#7a5" } })
    .png()
    .toBuffer();
const uploadsDir = () => path.join(process.env.E2E_DATA_ROOT!, "main", "uploads");

async function upload(
  request: APIRequestContext,
  origin: string,
  name: string,
  mimeType: string,
  buffer: Buffer,
  headers: Record<string, string> = {},
) {
  return request.post("/admin/media/upload", {
    headers: { Origin: origin, ...headers },
    multipart: { file: { name, mimeType, buffer } },
    maxRedirects: 0,
  });
}

const storedNamed = (fragment: string) =>
  e2eDb().selectFrom("site_images").selectAll().where("original_name", "like", `%${fragment}%`).execute();

test.describe("image uploads", () => {
  test("files that are not images by their content are refused whatever their name and type say", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, "editor");
    const cases: [string, string, Buffer][] = [
      [`notes-${tag}.jpg`, "image/jpeg", Buffer.from("just some text, not a picture\n".repeat(20))],
      [`page-${tag}.png`, "image/png", Buffer.from("<!doctype html><html><script>alert(1)</script></html>")],
      [`script-${tag}.gif`, "image/gif", Buffer.from("GIF89a/*<script>alert(1)</script>*/")],
      [`doc-${tag}.webp`, "image/webp", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")],
      [`prog-${tag}.jpg`, "image/jpeg", Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), randomBytes(2000)])],
      [`empty-${tag}.png`, "image/png", Buffer.alloc(0)],
      [
        `tiff-${tag}.jpg`,
        "image/jpeg",
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
          .tiff()
          .toBuffer(),
      ],
    ];
    for (const [name, type, bytes] of cases) {
      const response = await upload(page.request, baseURL!, name, type, bytes);
      expect([400, 415], `${name}: ${response.status()} ${await response.text()}`).toContain(response.status());
      const body = (await response.json()) as { ok: boolean; error: string };
      expect(body.ok).toBe(false);
      expect(body.error).toContain(name.replace(/\.[^.]+$/, ""));
    }
    expect(await storedNamed(tag)).toEqual([]);
  });

  test("SVG images are refused, scripts or not, by name, by type or by content", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, "editor");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
    const cases: [string, string, Buffer][] = [
      [`logo-${tag}.svg`, "image/svg+xml", Buffer.from(svg)],
      [`logo2-${tag}.png`, "image/png", Buffer.from(svg)],
      [`logo3-${tag}.jpg`, "image/svg+xml", await png()],
      [`logo4-${tag}.png`, "image/png", Buffer.from(`\uFEFF<?xml version="1.0"?>\n<!DOCTYPE svg>\n${svg}`)],
      [`logo5-${tag}.png`, "image/png", Buffer.from(`<!-- a comment -->\n   ${svg}`)],
      [`logo6-${tag}.SVGZ`, "application/octet-stream", Buffer.from(svg)],
    ];
    for (const [name, type, bytes] of cases) {
      const response = await upload(page.request, baseURL!, name, type, bytes);
      expect(response.status(), `${name}: ${await response.text()}`).toBe(415);
      expect(((await response.json()) as { error: string }).error).toMatch(/SVG|not an image we can read/);
    }
    expect(await storedNamed(tag)).toEqual([]);
  });

  test("an oversize upload is refused before it is read", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, "editor");
    const response = await upload(
      page.request,
      baseURL!,
      `big-${tag}.jpg`,
      "image/jpeg",
      Buffer.alloc(10 * 1024 * 1024 + 200 * 1024, 1),
    );
    expect(response.status()).toBe(413);
    expect(await storedNamed(`big-${tag}`)).toEqual([]);
  });

  test("path tricks in the file name never leave the uploads folder", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, "admin");
    const names = [
      `../../../escape-${tag}.png`,
      `..\\..\\escape2-${tag}.png`,
      `/etc/escape3-${tag}.png`,
      `%2e%2e%2fescape4-${tag}.png`,
      `escape5-${tag}.png\u0000.php`,
      `.htaccess-${tag}.png`,
      `C:\\Windows\\escape6-${tag}.png`,
      `<img src=x onerror=alert(1)>-${tag}.png`,
    ];
    const root = fs.realpathSync(uploadsDir().replace(/\/uploads$/, ""));
    for (const name of names) {
      const response = await upload(page.request, baseURL!, name, "image/png", await png());
      expect(response.status(), `${JSON.stringify(name)}: ${await response.text()}`).toBe(201);
      const { image } = (await response.json()) as { image: { url: string; name?: string } };
      // A clean key: yyyy/mm/slug-random.ext, nothing else.
      expect(image.url, JSON.stringify(name)).toMatch(
        /^\/media\/\d{4}\/\d{2}\/[a-z0-9-]+-[0-9a-f]{10}\.(png|jpg|webp|avif)$/,
      );
      const file = path.join(uploadsDir(), image.url.slice("/media/".length));
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.realpathSync(file).startsWith(fs.realpathSync(uploadsDir()) + path.sep)).toBe(true);
      // Served back as the image it is, with the sandboxing policy.
      const served = await page.request.get(image.url);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/png");
      expect(served.headers()["content-security-policy"]).toContain("sandbox");
    }
    // Nothing was written next to the uploads folder or above it.
    const strays = (dir: string) => fs.readdirSync(dir).filter((f) => f.includes(tag));
    expect(strays(root)).toEqual([]);
    expect(strays(path.dirname(root))).toEqual([]);
    // The names shown in the library keep no folders or control characters.
    const rows = await storedNamed(tag);
    expect(rows).toHaveLength(names.length);
    for (const row of rows) {
      expect(row.original_name).not.toMatch(/[\\/\u0000-\u001f]/);
      expect(row.storage_key).toMatch(/^\d{4}\/\d{2}\/[a-z0-9-]+\.(png|jpg|webp|avif)$/);
    }
  });

  test("media paths with tricks are not served", async ({ request }) => {
    for (const p of [
      "/media/../../etc/passwd",
      "/media/%2e%2e/%2e%2e/etc/passwd",
      "/media/..%2f..%2fetc%2fpasswd",
      "/media/.env",
      "/media/x.svg",
      "/media/x.html",
    ]) {
      const response = await request.get(p, { maxRedirects: 0 });
      expect(response.status(), p).toBe(404);
    }
  });

  test("without a session the upload is refused and nothing is stored", async ({ request, baseURL }) => {
    const response = await upload(request, baseURL!, `anon-${tag}.png`, "image/png", await png());
    expect(response.status()).toBe(401);
    expect(await storedNamed(`anon-${tag}`)).toEqual([]);
  });

  test("another site's POST is refused by the origin check, even with a staff session", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, "admin");
    const cross = await upload(page.request, "https://evil.example", `cross-${tag}.png`, "image/png", await png());
    expect(cross.status()).toBe(403);
    const refererOnly = await page.request.post("/admin/media/upload", {
      headers: { Referer: "https://evil.example/page" },
      multipart: { file: { name: `cross2-${tag}.png`, mimeType: "image/png", buffer: await png() } },
      maxRedirects: 0,
    });
    expect(refererOnly.status()).toBe(403);
    const nullOrigin = await upload(page.request, "null", `cross3-${tag}.png`, "image/png", await png());
    expect(nullOrigin.status()).toBe(403);
    expect((await storedNamed(tag)).filter((r) => r.original_name.startsWith("cross"))).toEqual([]);
    // The same request from the site itself goes through.
    const own = await upload(page.request, baseURL!, `own-${tag}.png`, "image/png", await png());
    expect(own.status()).toBe(201);
  });
});
