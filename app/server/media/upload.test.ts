import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "~/lib/media";
import { displayName, inspectImage, storageName, storeUpload, UploadError } from "./upload.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "upload-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function picture(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: "#b07a6a" } });
}

/**
 * A real PNG of width × height black pixels, one bit each: every row is the same, so the deflated
 * data stays small (30000 × 30000 is about 480 KB), though decoding it would take 900 megapixels.
 */
async function blackPng(width: number, height: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, compression 0, filter method 0, not interlaced
  // Each row: the filter byte (none) and width/8 bytes of zeros; deflated 1000 rows at a time.
  const rowBytes = 1 + Math.ceil(width / 8);
  const block = Buffer.alloc(rowBytes * 1000);
  const deflate = zlib.createDeflate({ level: 1 });
  const deflated = buffer(deflate);
  for (let left = height; left > 0; left -= 1000) deflate.write(block.subarray(0, rowBytes * Math.min(left, 1000)));
  deflate.end();
  const pixels = await deflated;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe("inspectImage: what the bytes are, not what the name says", () => {
  it.each([
    ["jpeg", () => picture().jpeg().toBuffer(), "photo.jpg"],
    ["png", () => picture().png().toBuffer(), "photo.png"],
    ["webp", () => picture().webp().toBuffer(), "photo.webp"],
    ["avif", () => picture().avif().toBuffer(), "photo.avif"],
    ["gif", () => picture().gif().toBuffer(), "photo.gif"],
    // A real PNG with a misleading name is still a PNG.
    ["png", () => picture().png().toBuffer(), "photo.jpg"],
  ] as const)("accepts a real %s (%s)", async (format, make, name) => {
    const info = await inspectImage(await make(), name);
    expect(info).toEqual({ format, width: 64, height: 48 });
  });

  it("refuses a text file renamed .jpg", async () => {
    const error = await refusal(
      inspectImage(Buffer.from("just some notes, not a picture\n"), "notes.jpg", "image/jpeg"),
    );
    expect(error.status).toBe(415);
    expect(error.message).toBe(
      '"notes.jpg" is not an image we can read. Please upload a JPEG, PNG, WebP, AVIF or GIF image.',
    );
  });

  it("refuses a file over the size cap with a clear message", async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    const error = await refusal(inspectImage(big, "huge.jpg"));
    expect(error.status).toBe(413);
    expect(error.message).toBe('"huge.jpg" is larger than 10 MB. Please upload a smaller image.');
  });

  it.each([
    ["logo.svg", "image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    [
      "logo.png",
      "image/png",
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    ],
    ["logo.jpg", "", '\uFEFF  <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'],
  ])("refuses SVG (%s, declared %s)", async (name, type, text) => {
    const error = await refusal(inspectImage(Buffer.from(text), name, type));
    expect(error.status).toBe(415);
    expect(error.message).toContain("SVG images are not accepted because they can contain scripts");
  });

  it("refuses an image format outside the list (TIFF)", async () => {
    const error = await refusal(inspectImage(await picture().tiff().toBuffer(), "scan.tiff"));
    expect(error.message).toBe('"scan.tiff" is a TIFF file. Please upload a JPEG, PNG, WebP, AVIF or GIF image.');
  });

  it("refuses a 30000 × 30000 PNG for its pixels, not as unreadable", async () => {
    const huge = await blackPng(30_000, 30_000);
    expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const error = await refusal(inspectImage(huge, "poster.png"));
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      '"poster.png" has too many pixels (at most 40 megapixels). Please upload a smaller image.',
    );
  });

  it("accepts a PNG of just 40 megapixels made the same way", async () => {
    expect(await inspectImage(await blackPng(8000, 5000), "wide.png")).toEqual({
      format: "png",
      width: 8000,
      height: 5000,
    });
  });

  it("refuses an empty file", async () => {
    expect((await refusal(inspectImage(Buffer.alloc(0), "empty.png"))).message).toContain("is empty");
  });
});

describe("displayName", () => {
  it("drops folders, control characters and bidirectional or invisible format characters", () => {
    // Shown as "photoexe.jpg" with the right-to-left override in place.
    expect(displayName("photo\u202Egpj.exe")).toBe("photogpj.exe");
    expect(displayName("../../etc/\u2066pass\u2069wd\u0007.png")).toBe("passwd.png");
    expect(displayName("zero\u200Bwidth\uFEFF.jpg")).toBe("zerowidth.jpg");
    expect(displayName("Café au lait – été.JPG")).toBe("Café au lait – été.JPG");
    expect(displayName("\u202E\u0000")).toBe("image");
  });
});

describe("storageName", () => {
  it.each([
    ["../../etc/passwd.jpg", /^passwd-[0-9a-f]{10}\.jpg$/],
    ["..\\..\\windows\\evil name.png", /^evil-name-[0-9a-f]{10}\.jpg$/],
    ["Crème Brûlée Salon!!.JPG", /^creme-brulee-salon-[0-9a-f]{10}\.jpg$/],
    ["....jpg", /^image-[0-9a-f]{10}\.jpg$/],
    ["%2e%2e%2fx.jpg", /^2e-2e-2fx-[0-9a-f]{10}\.jpg$/],
    ["\u0000nul.jpg", /^nul-[0-9a-f]{10}\.jpg$/],
  ])("makes %s safe", (name, expected) => {
    expect(storageName(name, "jpg")).toMatch(expected);
  });

  it("never repeats a name", () => {
    expect(storageName("a.jpg", "jpg")).not.toBe(storageName("a.jpg", "jpg"));
  });
});

describe("storeUpload", () => {
  const uploads = path.join(root, "uploads");

  it("stores inside the uploads folder whatever the name tries", async () => {
    const stored = await storeUpload(
      uploads,
      { bytes: await picture().png().toBuffer(), name: "../../../outside.png" },
      new Date("2026-03-09T10:00:00Z"),
    );
    expect(stored.storageKey).toMatch(/^2026\/03\/outside-[0-9a-f]{10}\.png$/);
    expect(stored.url).toBe(`/media/${stored.storageKey}`);
    expect(stored.originalName).toBe("outside.png");
    const file = path.join(uploads, stored.storageKey);
    expect(path.resolve(file).startsWith(path.resolve(uploads) + path.sep)).toBe(true);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readdirSync(root).sort()).toEqual(["uploads"]);
  });

  it("strips EXIF (GPS, camera, comments) and turns the photo upright", async () => {
    // 80×40 pixels stored sideways: orientation 6 means "rotate 90° clockwise to view".
    const bytes = await picture(80, 40)
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", Copyright: "Jane Doe" }, IFD3: { GPSLatitudeRef: "N" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(bytes).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("SecretCam");
    const stored = await storeUpload(uploads, { bytes, name: "holiday.jpg" });
    const master = fs.readFileSync(path.join(uploads, stored.storageKey));
    const meta = await sharp(master).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(master.includes(Buffer.from("SecretCam"))).toBe(false);
    expect([stored.width, stored.height]).toEqual([40, 80]);
    expect([meta.width, meta.height]).toEqual([40, 80]);
    expect(stored.mimeType).toBe("image/jpeg");
    expect(stored.sizeBytes).toBe(master.length);
  });

  it("keeps a GIF as a PNG the variant pipeline can resize", async () => {
    const stored = await storeUpload(uploads, { bytes: await picture().gif().toBuffer(), name: "sparkle.gif" });
    expect(stored.storageKey).toMatch(/\.png$/);
    expect(stored.mimeType).toBe("image/png");
    expect((await sharp(path.join(uploads, stored.storageKey)).metadata()).format).toBe("png");
  });

  it("scales down huge masters to 4096 px", async () => {
    const stored = await storeUpload(uploads, {
      bytes: await picture(5000, 1000).png({ compressionLevel: 1 }).toBuffer(),
      name: "wide.png",
    });
    expect([stored.width, stored.height]).toEqual([4096, 819]);
  });

  it("writes nothing for a refused file", async () => {
    const before = fs.readdirSync(uploads, { recursive: true }).length;
    await refusal(storeUpload(uploads, { bytes: Buffer.from("<svg/>"), name: "x.svg" }));
    await refusal(storeUpload(uploads, { bytes: Buffer.from("hello"), name: "x.jpg" }));
    expect(fs.readdirSync(uploads, { recursive: true }).length).toBe(before);
  });
});
