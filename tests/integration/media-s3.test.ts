/**
 * Media storage drivers: the same contract for the local folder and an S3-compatible bucket (s3rver,
 * a pure-JS S3 emulator, on a free port), then a real server process with MEDIA_STORAGE=s3 that
 * stores an upload in the bucket, serves it under /media/ with the locked-down headers, makes its
 * variants from it and deletes it again. Backups of a bucket installation hold the database only.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup, restoreBackup, sqliteFile, verifyBackup } from "~/server/backup/backup.server";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { upsertUser } from "~/server/auth/users.server";
import { loadEnv } from "~/server/env.server";
import { LocalMediaStorage } from "~/server/media/storage/local-storage.server";
import { MediaKeyError, type MediaStorage } from "~/server/media/storage/media-storage.server";
import { S3MediaStorage } from "~/server/media/storage/s3-storage.server";
import { mediaStorageFor } from "~/server/media/storage/select-storage.server";
import { startServer, type RunningServer } from "../../scripts/bench/server-process";
import { ensureBuild } from "../../scripts/ensure-build";
import { testDialect, useTestDatabase } from "../support/test-db";

// s3rver ships no type declarations: the little of it this test uses.
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
}) => S3rverServer;

// The SDK's notice that its 2027 releases need Node 22 is not what this test is about.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const BUCKET = "salon-media";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-s3-"));
let s3rver: S3rverServer;
let endpoint = "";
let client: S3Client;

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", directory: path.join(root, "s3"), silent: true });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
});

afterAll(async () => {
  client?.destroy();
  await s3rver?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const jpeg = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: "#b98b73" } })
    .jpeg({ quality: 80 })
    .toBuffer();

const objectExists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === "NotFound") return false;
      throw error;
    },
  );

const drivers: [string, () => MediaStorage][] = [
  ["local folder", () => new LocalMediaStorage(path.join(root, "local", "uploads"))],
  [
    "S3 bucket",
    () =>
      new S3MediaStorage({
        bucket: BUCKET,
        region: "us-east-1",
        endpoint,
        forcePathStyle: true,
        prefix: "/contract/",
        ...CREDENTIALS,
      }),
  ],
];

describe.each(drivers)("media storage contract: %s", (_, make) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });

  it("puts, gets and deletes an object under a yyyy/mm key; a second delete is no error", async () => {
    const bytes = await jpeg(64, 48);
    const key = "2026/05/front-desk-0a1b2c3d4e.jpg";
    await storage.put(key, bytes, "image/jpeg");
    const got = await storage.get(key);
    expect(got).not.toBeNull();
    expect(got!.body.equals(bytes)).toBe(true);
    expect(got!.size).toBe(bytes.length);
    expect(got!.contentType).toBe("image/jpeg");
    expect(await storage.stat(key)).toMatchObject({ size: bytes.length });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    await storage.delete(key);
  });

  it("keeps each image type and keeps deeper keys apart", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    await storage.put("2026/06/a/b/c-1111111111.png", png, "image/png");
    await storage.put("2026/06/a/c-2222222222.webp", webp, "image/webp");
    expect((await storage.get("2026/06/a/b/c-1111111111.png"))!.contentType).toBe("image/png");
    expect((await storage.get("2026/06/a/c-2222222222.webp"))!.body.equals(webp)).toBe(true);
    expect(await storage.get("2026/06/a/b")).toBeNull();
    expect(await storage.get("2026/06/c-2222222222.webp")).toBeNull();
  });

  it("answers null for a key that was never stored", async () => {
    expect(await storage.get("2026/01/never-stored-ffffffffff.jpg")).toBeNull();
    expect(await storage.stat("2026/01/never-stored-ffffffffff.jpg")).toBeNull();
  });

  it.each([
    "../escape.jpg",
    "2026/../../escape.jpg",
    "/etc/passwd",
    "2026//05/x.jpg",
    "2026/05/",
    ".hidden.jpg",
    "2026/.ssh/key.jpg",
    "2026\\..\\x.jpg",
    "2026/05/x.jpg\u0000.png",
    "2026/05/%2e%2e/x.jpg",
    "",
  ])("refuses the key %j for every operation", async (key) => {
    await expect(storage.put(key, Buffer.from("x"), "image/jpeg")).rejects.toBeInstanceOf(MediaKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(MediaKeyError);
    await expect(storage.stat(key)).rejects.toBeInstanceOf(MediaKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(MediaKeyError);
  });
});

describe("driver details", () => {
  it("the S3 driver keeps objects under its prefix in the bucket", async () => {
    const storage = new S3MediaStorage({
      bucket: BUCKET,
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      prefix: "site-b",
      ...CREDENTIALS,
    });
    await storage.put("2026/07/chair-3333333333.jpg", await jpeg(16, 16), "image/jpeg");
    expect(await objectExists("site-b/2026/07/chair-3333333333.jpg")).toBe(true);
    expect(await objectExists("2026/07/chair-3333333333.jpg")).toBe(false);
  });

  it("the local driver never overwrites a stored file", async () => {
    const storage: MediaStorage = new LocalMediaStorage(path.join(root, "local-2"));
    await storage.put("2026/07/once-4444444444.jpg", Buffer.from("first"), "image/jpeg");
    await expect(storage.put("2026/07/once-4444444444.jpg", Buffer.from("second"), "image/jpeg")).rejects.toThrow();
    expect((await storage.get("2026/07/once-4444444444.jpg"))!.body.toString()).toBe("first");
  });

  it("MEDIA_STORAGE picks the driver; s3 without a bucket or credentials stops the start", () => {
    const dataDir = path.join(root, "env");
    expect(mediaStorageFor(loadEnv({ DATA_DIR: dataDir })).kind).toBe("local");
    expect(() => loadEnv({ DATA_DIR: dataDir, MEDIA_STORAGE: "s3", S3_BUCKET: BUCKET })).toThrow(
      /S3_ACCESS_KEY_ID: is required when MEDIA_STORAGE=s3; S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir, MEDIA_STORAGE: "ftp" })).toThrow(/MEDIA_STORAGE/);
    const env = loadEnv({
      DATA_DIR: dataDir,
      MEDIA_STORAGE: "s3",
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PREFIX: "salon",
    });
    const storage = mediaStorageFor(env);
    expect(storage).toBeInstanceOf(S3MediaStorage);
    expect((storage as S3MediaStorage).objectKey("2026/01/a.jpg")).toBe("salon/2026/01/a.jpg");
    expect(mediaStorageFor(env)).toBe(storage);
  });
});

describe(`a server with MEDIA_STORAGE=s3 (${testDialect})`, () => {
  const testDb = useTestDatabase();
  let server: RunningServer;
  let cookie = "";

  beforeAll(async () => {
    ensureBuild();
    server = await startServer({
      env: {
        DATABASE_URL: testDb().url,
        MEDIA_STORAGE: "s3",
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        S3_PREFIX: "salon",
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      },
    });
    const { db } = testDb();
    const { id } = await upsertUser(db, {
      email: "media-s3@aurelia.test",
      password: "a-long-enough-password",
      role: "admin",
    });
    cookie = `${SESSION_COOKIE}=${await createSession(db, { userId: id, aal: "aal1", userAgent: "vitest", ip: "127.0.0.1" })}`;
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("stores an upload in the bucket, serves it locked down, makes variants from it and deletes it", async () => {
    const original = await jpeg();
    const form = new FormData();
    form.set("file", new File([new Uint8Array(original)], "Treatment Room.jpg", { type: "image/jpeg" }));
    const uploaded = await fetch(`${server.url}/admin/media/upload`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { image } = (await uploaded.json()) as { image: { id: number; url: string; sizeBytes: number } };
    expect(image.url).toMatch(/^\/media\/\d{4}\/\d{2}\/treatment-room-[0-9a-f]{10}\.jpg$/);
    const key = image.url.slice("/media/".length);

    // In the bucket under the prefix, and nowhere on the server's disk.
    const stored = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `salon/${key}` }));
    const storedBytes = Buffer.from(await stored.Body!.transformToByteArray());
    expect(stored.ContentType).toBe("image/jpeg");
    expect(storedBytes.length).toBe(image.sizeBytes);
    expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(false);

    const served = await fetch(`${server.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(storedBytes)).toBe(true);
    expect(Object.fromEntries(served.headers)).toMatchObject({
      "content-type": "image/jpeg",
      "content-length": String(storedBytes.length),
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      "x-content-type-options": "nosniff",
    });
    // fetch() adds "Cache-Control: no-cache" to a conditional request unless one is given.
    const revalidated = await fetch(`${server.url}${image.url}`, {
      headers: { "If-None-Match": served.headers.get("etag") ?? "", "Cache-Control": "max-age=0" },
    });
    expect(revalidated.status).toBe(304);
    const head = await fetch(`${server.url}${image.url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(storedBytes.length));
    const missing = await fetch(`${server.url}/media/${key.replace(/\.jpg$/, "-x.jpg")}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("No such image");

    for (const format of ["webp", "avif"] as const) {
      const variant = await fetch(`${server.url}/_img/640/${format}${image.url}`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get("content-type")).toBe(`image/${format}`);
      const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(meta.width).toBe(640);
    }
    // Not made at upload time: read from the bucket on first request.
    const wide = await fetch(`${server.url}/_img/960/webp${image.url}`);
    expect(wide.status).toBe(200);
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(960);

    const deleted = await fetch(`${server.url}/admin/media`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", id: String(image.id) }),
      redirect: "manual",
    });
    expect(deleted.status).toBe(200);
    expect(await objectExists(`salon/${key}`)).toBe(false);
    expect((await fetch(`${server.url}${image.url}`)).status).toBe(404);
    expect((await fetch(`${server.url}/_img/640/webp${image.url}`)).status).toBe(404);
    const rows = await testDb().db.selectFrom("site_images").select("id").where("id", "=", image.id).execute();
    expect(rows).toEqual([]);
  }, 60_000);

  it.skipIf(testDialect !== "sqlite")(
    "a backup holds the database only and names the bucket; restoring it leaves local media alone",
    async () => {
      const { dataDir, url } = testDb();
      const location = { kind: "s3" as const, bucket: BUCKET, prefix: "salon/", endpoint };
      const { dir, manifest } = await createBackup({
        dbFile: sqliteFile({ databaseUrl: url, dataDir }),
        dataDir,
        targetRoot: path.join(root, "backups"),
        mediaStorage: location,
      });
      expect(manifest.mediaStorage).toEqual(location);
      expect(manifest.uploads.files).toBe(0);
      const images = await testDb().db.selectFrom("site_images").select("id").execute();
      expect(manifest.database?.tables.site_images).toBe(images.length);
      expect(fs.existsSync(path.join(dir, "uploads"))).toBe(false);
      await verifyBackup(dir);

      const target = path.join(root, "restored");
      fs.mkdirSync(path.join(target, "uploads"), { recursive: true });
      fs.writeFileSync(path.join(target, "uploads", "keep.jpg"), "still here");
      const restored = await restoreBackup({ backupDir: dir, dbFile: path.join(target, "salon.db"), dataDir: target });
      expect(restored.tables).not.toBeNull();
      expect(fs.readFileSync(path.join(target, "uploads", "keep.jpg"), "utf8")).toBe("still here");
    },
  );
});
