import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { IMAGE_FORMATS, IMAGE_WIDTHS, isResizable, type ImageFormat } from "~/lib/images";
import { encodePool, type WorkPool } from "./encode-pool.server";
import { LocalMediaStorage } from "./storage/local-storage.server";
import { checkKey, type MediaStorage } from "./storage/media-storage.server";
import { loadSharp } from "./sharp.server";

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
  /** Where /media/* uploads live on disk (DATA_DIR/uploads) when no other storage is given. */
  uploadsDir: string;
  /** Where /media/* uploads live (MEDIA_STORAGE); the local folder uploadsDir when absent. */
  storage?: MediaStorage;
  /** Where generated variants are kept (DATA_DIR/cache/img): always this machine's disk. */
  cacheDir: string;
}

export function storageOf(roots: ImageRoots): MediaStorage {
  return roots.storage ?? new LocalMediaStorage(roots.uploadsDir);
}

/** A master: a file of the site's own images, or an upload in the media storage. */
type Master = { file: string } | { storage: MediaStorage; key: string };

function masterOf(roots: ImageRoots, src: string): Master {
  const [, top, ...rest] = src.split("/");
  if (top === "media") return { storage: storageOf(roots), key: checkKey(rest.join("/")) };
  const base = path.join(roots.publicDir, "images");
  const resolved = path.resolve(base, ...rest);
  if (!resolved.startsWith(path.resolve(base) + path.sep)) throw new Error("Path escapes its folder");
  return { file: resolved };
}

/** When the master last changed; null when it does not exist. */
async function masterChanged(master: Master): Promise<number | null> {
  if ("file" in master)
    return fs.stat(master.file).then(
      (s) => s.mtimeMs,
      () => null,
    );
  // Upload keys are never reused, so a variant made once stays right while its master exists (and
  // comparing dates would let a storage server's clock skew make variants look stale).
  return (await master.storage.stat(master.key)) ? 0 : null;
}

const inFlight = new Map<string, Promise<string | null>>();

/**
 * The file of a variant, made on first request (never wider than the master, metadata stripped)
 * and kept on disk. Concurrent requests for the same variant share one encode. Null when the
 * master does not exist. The master's existence is checked on every request, so an upload deleted
 * through another instance stops being served here too.
 */
export async function variantFile(
  roots: ImageRoots,
  request: VariantRequest,
  pool: WorkPool = encodePool,
  // A visitor's request may be refused when the pool is full (PoolFullError → 503); background work waits.
  { mayRefuse }: { mayRefuse: boolean } = { mayRefuse: true },
): Promise<string | null> {
  const master = masterOf(roots, request.src);
  const target = path.join(roots.cacheDir, String(request.width), request.format, request.src);
  const [changed, targetStat] = await Promise.all([masterChanged(master), fs.stat(target).catch(() => null)]);
  if (changed === null) return null;
  if (targetStat && targetStat.mtimeMs >= changed) return target;
  let pending = inFlight.get(target);
  if (!pending) {
    pending = pool.run(() => encode(master, target, request), { mayRefuse }).finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}

/** Made straight from bytes already in hand (right after an upload), without reading them back. */
export async function variantFromBytes(roots: ImageRoots, request: VariantRequest, bytes: Buffer): Promise<string> {
  const target = path.join(roots.cacheDir, String(request.width), request.format, request.src);
  // An upload's own variants wait their turn but are never refused.
  return encodePool.run(() => encodeTo(bytes, target, request), { mayRefuse: false });
}

async function encode(master: Master, target: string, request: VariantRequest): Promise<string | null> {
  if ("file" in master) return encodeTo(master.file, target, request);
  const object = await master.storage.get(master.key);
  return object ? encodeTo(object.body, target, request) : null;
}

async function encodeTo(master: string | Buffer, target: string, { width, format }: VariantRequest): Promise<string> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const sharp = await loadSharp();
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
