/**
 * POST /admin/media/upload over HTTP with a signed-in staff session: files that are not images by
 * their bytes, oversize files and SVGs are refused; names with path tricks never leave the uploads
 * folder; no session, no upload; another site's POST is refused.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const tag = randomBytes(4).toString("hex");
const png = () =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: "#7a5" } })
    .png()
    .toBuffer();

describe(`image uploads (${testDialect})`, () => {
  const server = useTestServer();
  const uploadsDir = () => path.join(server().database.dataDir, "uploads");
  const staff: Record<string, string> = {};
  /** A session cookie for one user of the role, made once. */
  const session = async (role: "admin" | "editor") => (staff[role] ??= (await server().signIn(role)).cookie);

  function upload(name: string, mimeType: string, bytes: Buffer, init: { cookie?: string; origin?: string } = {}) {
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(bytes)], { type: mimeType }), name);
    return server().fetch("/admin/media/upload", {
      method: "POST",
      body,
      cookie: init.cookie,
      headers: init.origin ? { Origin: init.origin } : {},
    });
  }

  const storedNamed = (fragment: string) =>
    server().db.selectFrom("site_images").selectAll().where("original_name", "like", `%${fragment}%`).execute();

  it("files that are not images by their content are refused whatever their name and type say", async () => {
    const cookie = await session("editor");
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
      const response = await upload(name, type, bytes, { cookie });
      const text = await response.text();
      expect([400, 415], `${name}: ${response.status} ${text}`).toContain(response.status);
      const body = JSON.parse(text) as { ok: boolean; error: string };
      expect(body.ok).toBe(false);
      expect(body.error).toContain(name.replace(/\.[^.]+$/, ""));
    }
    expect(await storedNamed(tag)).toEqual([]);
  });

  it("SVG images are refused, scripts or not, by name, by type or by content", async () => {
    const cookie = await session("editor");
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
      const response = await upload(name, type, bytes, { cookie });
      const text = await response.text();
      expect(response.status, `${name}: ${text}`).toBe(415);
      expect((JSON.parse(text) as { error: string }).error).toMatch(/SVG|not an image we can read/);
    }
    expect(await storedNamed(tag)).toEqual([]);
  });

  it("an oversize upload is refused before it is read", async () => {
    const cookie = await session("editor");
    const response = await upload(`big-${tag}.jpg`, "image/jpeg", Buffer.alloc(10 * 1024 * 1024 + 200 * 1024, 1), {
      cookie,
    });
    expect(response.status).toBe(413);
    await response.arrayBuffer();
    expect(await storedNamed(`big-${tag}`)).toEqual([]);
  });

  it("path tricks in the file name never leave the uploads folder", async () => {
    const cookie = await session("admin");
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
    const root = fs.realpathSync(server().database.dataDir);
    for (const name of names) {
      const response = await upload(name, "image/png", await png(), { cookie });
      const text = await response.text();
      expect(response.status, `${JSON.stringify(name)}: ${text}`).toBe(201);
      const { image } = JSON.parse(text) as { image: { url: string } };
      // A clean key: yyyy/mm/slug-random.ext, nothing else.
      expect(image.url, JSON.stringify(name)).toMatch(
        /^\/media\/\d{4}\/\d{2}\/[a-z0-9-]+-[0-9a-f]{10}\.(png|jpg|webp|avif)$/,
      );
      const file = path.join(uploadsDir(), image.url.slice("/media/".length));
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.realpathSync(file).startsWith(fs.realpathSync(uploadsDir()) + path.sep)).toBe(true);
      // Served back as the image it is, with the sandboxing policy.
      const served = await server().fetch(image.url);
      await served.arrayBuffer();
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("content-security-policy")).toContain("sandbox");
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

  it("media paths with tricks are not served", async () => {
    for (const p of [
      "/media/../../etc/passwd",
      "/media/%2e%2e/%2e%2e/etc/passwd",
      "/media/..%2f..%2fetc%2fpasswd",
      "/media/.env",
      "/media/x.svg",
      "/media/x.html",
    ]) {
      const response = await server().fetch(p);
      await response.arrayBuffer();
      expect(response.status, p).toBe(404);
    }
  });

  it("without a session the upload is refused and nothing is stored", async () => {
    const response = await upload(`anon-${tag}.png`, "image/png", await png());
    await response.arrayBuffer();
    expect(response.status).toBe(401);
    expect(await storedNamed(`anon-${tag}`)).toEqual([]);
  });

  it("another site's POST is refused by the origin check, even with a staff session", async () => {
    const cookie = await session("admin");
    const cross = await upload(`cross-${tag}.png`, "image/png", await png(), {
      cookie,
      origin: "https://evil.example",
    });
    await cross.arrayBuffer();
    expect(cross.status).toBe(403);
    // No Origin at all, only another site's Referer (server().fetch would add the site's Origin).
    const body = new FormData();
    body.append("file", new Blob([await png()], { type: "image/png" }), `cross2-${tag}.png`);
    const refererOnly = await fetch(`${server().url}/admin/media/upload`, {
      method: "POST",
      body,
      headers: { Cookie: cookie, Referer: "https://evil.example/page" },
      redirect: "manual",
    });
    await refererOnly.arrayBuffer();
    expect(refererOnly.status).toBe(403);
    const nullOrigin = await upload(`cross3-${tag}.png`, "image/png", await png(), { cookie, origin: "null" });
    await nullOrigin.arrayBuffer();
    expect(nullOrigin.status).toBe(403);
    expect((await storedNamed(tag)).filter((r) => r.original_name.startsWith("cross"))).toEqual([]);
    // The same request from the site itself goes through.
    const own = await upload(`own-${tag}.png`, "image/png", await png(), { cookie });
    await own.arrayBuffer();
    expect(own.status).toBe(201);
  });
});
