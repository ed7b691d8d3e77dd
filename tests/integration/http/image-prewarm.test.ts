/**
 * The production server with IMAGE_PREWARM on: at start it makes the variants of the library's
 * photos that are missing from its cache, and after an upload the upload's, all without a request
 * for them. The library is cut to one photo so the background work stays small.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { variantsFor } from "~/server/media/prewarm.server";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const PHOTO = "service-nails.jpg";
const HANG_GUARD_MS = 180_000;

describe(`image variants made before anyone asks (${testDialect})`, () => {
  const server = useTestServer({
    env: { IMAGE_PREWARM: "on" },
    prepare: (db) =>
      db
        .deleteFrom("site_images")
        .where("storage_key", "!=", PHOTO)
        .execute()
        .then(() => {}),
  });
  const missing = (src: string) =>
    variantsFor(src).filter(
      (v) => !fs.existsSync(path.join(server().database.dataDir, "cache", "img", String(v.width), v.format, v.src)),
    );
  /**
   * Waits until every variant of the image is a file. The limit guards against a hang, not a slow
   * machine: beside the browser suite in full Chromium, the one photo's 2400 px encodes were still
   * running after 55 s (they take a few seconds on an idle machine).
   */
  const allMade = (src: string) =>
    vi.waitFor(() => expect(missing(src)).toEqual([]), { timeout: HANG_GUARD_MS - 5_000, interval: 200 });

  it(
    "at start, the library's photos get every variant the pages ask for",
    async () => {
      await allMade(`/images/${PHOTO}`);
    },
    HANG_GUARD_MS,
  );

  it(
    "after an upload, the upload gets every variant too",
    async () => {
      const body = new FormData();
      const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c9a27e" } })
        .jpeg()
        .toBuffer();
      body.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "prewarmed.jpg");
      const { cookie } = await server().signIn("editor");
      expect((await server().fetch("/admin/media/upload", { method: "POST", body, cookie })).status).toBeLessThan(400);
      const row = await server()
        .db.selectFrom("site_images")
        .select("storage_key")
        .where("original_name", "=", "prewarmed.jpg")
        .executeTakeFirstOrThrow();
      await allMade(`/media/${row.storage_key}`);
    },
    HANG_GUARD_MS,
  );
});
