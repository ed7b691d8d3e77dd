import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_FORMATS, IMAGE_WIDTHS, isResizable, type ImageFormat } from "~/lib/images";

export interface VariantRequest {
  width: number;
  format: ImageFormat;
  /** The site path of the master, e.g. /images/hero.jpg or /media/abc.jpg. */
  src: string;
}

/** Parses /_img/{width}/{format}/{source…}; null for anything not on the allowed lists. */
export function parseVariantPath(pathname: string): VariantRequest | null {
  const m = pathname.match(/^\/_img\/(\d+)\/([a-z]+)(\/.+)$/);
  if (!m) return null;
  const width = Number(m[1]);
  const format = m[2] as ImageFormat;
  const src = decodeURIComponent(m[3]);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  if (!(IMAGE_FORMATS as readonly string[]).includes(format)) return null;
  if (!isResizable(src)) return null;
  return { width, format, src };
}

export interface ImageRoots {
  /** Where /images/* masters live (public/images in the repo, build/client/images when built). */
  publicDir: string;
  /** Where /media/* uploads live (DATA_DIR/uploads). */
  uploadsDir: string;
  /** Where generated variants are kept (DATA_DIR/cache/img). */
  cacheDir: string;
}

function masterPath(roots: ImageRoots, src: string): string {
  const [, top, ...rest] = src.split("/");
  const base = top === "media" ? roots.uploadsDir : path.join(roots.publicDir, "images");
  const resolved = path.resolve(base, ...rest);
  if (!resolved.startsWith(path.resolve(base) + path.sep)) throw new Error("Path escapes its folder");
  return resolved;
}

const inFlight = new Map<string, Promise<string>>();

/**
 * The file of a variant, made on first request (never wider than the master, metadata stripped)
 * and kept on disk. Concurrent requests for the same variant share one encode. Null when the
 * master does not exist.
 */
export async function variantFile(roots: ImageRoots, request: VariantRequest): Promise<string | null> {
  const master = masterPath(roots, request.src);
  const target = path.join(roots.cacheDir, String(request.width), request.format, request.src);
  try {
    const [masterStat, targetStat] = await Promise.all([fs.stat(master), fs.stat(target).catch(() => null)]);
    if (targetStat && targetStat.mtimeMs >= masterStat.mtimeMs) return target;
  } catch {
    return null;
  }
  let pending = inFlight.get(target);
  if (!pending) {
    pending = encode(master, target, request).finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}

async function encode(master: string, target: string, { width, format }: VariantRequest): Promise<string> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const pipeline = sharp(master).rotate().resize({ width, withoutEnlargement: true });
  const encoded =
    format === "avif"
      ? pipeline.avif({ quality: 55, effort: 2 })
      : format === "webp"
        ? pipeline.webp({ quality: 72 })
        : pipeline.jpeg({ quality: 78, progressive: true, mozjpeg: true });
  const temp = `${target}.${randomBytes(4).toString("hex")}.tmp`;
  await encoded.toFile(temp);
  await fs.rename(temp, target);
  return target;
}

export const VARIANT_CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};
