import { randomBytes } from "node:crypto";
import type { Metadata, OutputInfo } from "sharp";
import { loadSharp } from "./sharp.server";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "~/lib/media";
import { LocalMediaStorage } from "./storage/local-storage.server";
import type { MediaStorage } from "./storage/media-storage.server";

/** Formats we accept, by what sharp finds in the bytes (never by the name). */
type AcceptedFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

/** Decoding bombs: a 40-megapixel image is far beyond any photo the site shows. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Masters larger than this are scaled down; the widest variant the site offers is 2400 px. */
const MAX_MASTER_EDGE = 4096;

const ALLOWED_TEXT = "JPEG, PNG, WebP, AVIF or GIF";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

export interface StoredUpload {
  /** The key in the media storage, e.g. 2026/07/salon-chair-3f9a1c0b2e.jpg. */
  storageKey: string;
  /** The public path, /media/{storageKey}. */
  url: string;
  originalName: string;
  mimeType: string;
  width: number;
  height: number;
  sizeBytes: number;
  /** The stored (cleaned) bytes, for the first variants. */
  bytes: Buffer;
}

/** A name safe to show and store: no folders, no control characters, not too long. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control and format characters (Cc, Cf) out: a right-to-left override (U+202E) would show
  // "photo\u202Egpj.exe" as "photoexe.jpg" in the library.
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return (clean || "image").slice(0, 200);
}

/**
 * The file name on disk: a slug of the original name (ASCII letters, digits and dashes only, so no
 * path can be smuggled in) plus a random suffix, so names never collide and never repeat.
 */
export function storageName(originalName: string, extension: string): string {
  const base = displayName(originalName).replace(/\.[^.]*$/, "");
  const slug =
    base
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48)
      .replace(/-+$/, "") || "image";
  return `${slug}-${randomBytes(5).toString("hex")}.${extension}`;
}

function looksLikeSvg(bytes: Buffer, name: string, declaredType: string): boolean {
  if (/\.svgz?$/i.test(name) || declaredType === "image/svg+xml") return true;
  const head = bytes
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<svg")) return true;
  return ["<?xml", "<!doctype", "<!--"].some((p) => head.startsWith(p)) && head.includes("<svg");
}

/** What the bytes really are, or an UploadError with a message for the person uploading. */
export async function inspectImage(
  bytes: Buffer,
  name: string,
  declaredType = "",
): Promise<{ format: AcceptedFormat; width: number; height: number }> {
  const shown = displayName(name);
  if (bytes.length === 0) throw new UploadError(`"${shown}" is empty. Please choose an image file.`);
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new UploadError(`"${shown}" is larger than ${MAX_UPLOAD_LABEL}. Please upload a smaller image.`, 413);
  }
  if (looksLikeSvg(bytes, name, declaredType)) {
    throw new UploadError(
      `"${shown}" is an SVG file. SVG images are not accepted because they can contain scripts; please upload a ${ALLOWED_TEXT} image.`,
      415,
    );
  }
  let meta: Metadata;
  try {
    // metadata() reads the header and decodes nothing, so no pixel limit here: with one, an image
    // past it would throw and be called unreadable instead of too large (checked below).
    const sharp = await loadSharp();
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError(`"${shown}" is not an image we can read. Please upload a ${ALLOWED_TEXT} image.`, 415);
  }
  const format: AcceptedFormat | null =
    meta.format === "jpeg" || meta.format === "png" || meta.format === "webp" || meta.format === "gif"
      ? meta.format
      : meta.format === "heif" && meta.compression === "av1"
        ? "avif"
        : null;
  if (!format) {
    const kind = meta.format === "heif" ? "HEIC" : String(meta.format ?? "unknown").toUpperCase();
    throw new UploadError(`"${shown}" is a ${kind} file. Please upload a ${ALLOWED_TEXT} image.`, 415);
  }
  if (!meta.width || !meta.height) {
    throw new UploadError(`"${shown}" is not an image we can read. Please upload a ${ALLOWED_TEXT} image.`, 415);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new UploadError(
      `"${shown}" has too many pixels (at most 40 megapixels). Please upload a smaller image.`,
      413,
    );
  }
  return { format, width: meta.width, height: meta.height };
}

const OUTPUT: Record<AcceptedFormat, { extension: string; mime: string }> = {
  jpeg: { extension: "jpg", mime: "image/jpeg" },
  png: { extension: "png", mime: "image/png" },
  webp: { extension: "webp", mime: "image/webp" },
  avif: { extension: "avif", mime: "image/avif" },
  // The variant pipeline makes no GIFs: a GIF is kept as a PNG of its first frame.
  gif: { extension: "png", mime: "image/png" },
};

/**
 * Re-encodes the upload: turned upright by its EXIF orientation, scaled to at most 4096 px, and
 * written without any metadata (EXIF, GPS, XMP, comments are dropped by sharp unless asked to keep
 * them). Re-encoding also means only pixels survive: nothing hidden in the original file is served.
 */
async function reencode(bytes: Buffer, format: AcceptedFormat) {
  const sharp = await loadSharp();
  const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAX_MASTER_EDGE, height: MAX_MASTER_EDGE, fit: "inside", withoutEnlargement: true });
  const encoded =
    format === "jpeg"
      ? pipeline.jpeg({ quality: 86, mozjpeg: true })
      : format === "webp"
        ? pipeline.webp({ quality: 86 })
        : format === "avif"
          ? pipeline.avif({ quality: 62, effort: 3 })
          : pipeline.png({ compressionLevel: 9 });
  return encoded.toBuffer({ resolveWithObject: true });
}

/** Validates, cleans and stores one upload as {yyyy}/{mm}/{name} (a folder path means local storage). */
export async function storeUpload(
  storage: MediaStorage | string,
  file: { bytes: Buffer; name: string; type?: string },
  now = new Date(),
): Promise<StoredUpload> {
  const { format } = await inspectImage(file.bytes, file.name, file.type);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await reencode(file.bytes, format);
  } catch {
    throw new UploadError(`"${displayName(file.name)}" could not be processed. The file may be damaged.`, 415);
  }
  const { extension, mime } = OUTPUT[format];
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const storageKey = `${folder}/${storageName(file.name, extension)}`;
  const into = typeof storage === "string" ? new LocalMediaStorage(storage) : storage;
  await into.put(storageKey, output.data, mime);
  return {
    storageKey,
    url: `/media/${storageKey}`,
    originalName: displayName(file.name),
    mimeType: mime,
    width: output.info.width,
    height: output.info.height,
    sizeBytes: output.data.length,
    bytes: output.data,
  };
}
