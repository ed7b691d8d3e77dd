import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaFilesHandler } from "./media-files.server";

describe("GET /media/*", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-files-"));
  const uploads = path.join(root, "uploads");
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    fs.mkdirSync(path.join(uploads, "2026", "05"), { recursive: true });
    fs.writeFileSync(path.join(uploads, "2026", "05", "room-0a1b2c3d4e.jpg"), "jpeg bytes");
    fs.writeFileSync(path.join(uploads, "2026", "05", "page.html"), "<script>alert(1)</script>");
    fs.writeFileSync(path.join(root, "secret.jpg"), "outside");
    const app = express();
    app.use("/media", mediaFilesHandler(uploads));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("serves an upload with a year of caching, its image type and a locked-down policy", async () => {
    const response = await fetch(`${base}/media/2026/05/room-0a1b2c3d4e.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(await response.text()).toBe("jpeg bytes");
  });

  it("answers HEAD with the headers and no body, and a conditional GET with 304", async () => {
    const head = await fetch(`${base}/media/2026/05/room-0a1b2c3d4e.jpg`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String("jpeg bytes".length));
    expect(head.headers.get("content-security-policy")).toContain("sandbox");
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag");
    expect(etag).toBeTruthy();
    // fetch() would add "Cache-Control: no-cache" to a conditional request without one.
    const again = await fetch(`${base}/media/2026/05/room-0a1b2c3d4e.jpg`, {
      headers: { "If-None-Match": etag!, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
  });

  it.each([
    "/media/2026/05/page.html",
    "/media/2026/05/missing.jpg",
    "/media/../secret.jpg",
    "/media/2026/%2e%2e/%2e%2e/../secret.jpg",
    "/media/%2e%2e/secret.jpg",
    "/media/2026/05/",
  ])("answers 404 for %s", async (p) => {
    const response = await fetch(`${base}${p}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("outside");
  });
});
