import fs from "node:fs/promises";
import path from "node:path";
import type { Selectable } from "kysely";
import { EDITABLE_PAGES } from "~/lib/admin-pages";
import { isPageId, type PageId } from "~/lib/content-rules";
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat } from "~/lib/images";
import type { ImageUsage, LibraryImage } from "~/lib/media";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import type { SiteImagesTable } from "../db/schema";
import { storageOf, variantFromBytes, type ImageRoots } from "./image-variants.server";
import { checkKey } from "./storage/media-storage.server";
import { mediaStorageFor } from "./storage/select-storage.server";
import { storeUpload } from "./upload.server";

/**
 * Where uploads and their variants live (as app.server.ts sets them up): for the server's Env, the
 * storage MEDIA_STORAGE chooses; for a bare data directory, its uploads folder.
 */
export function mediaRoots(
  source: string | Parameters<typeof mediaStorageFor>[0],
  publicDir = path.resolve("public"),
): ImageRoots {
  const dataDir = typeof source === "string" ? source : source.dataDir;
  return {
    publicDir,
    uploadsDir: path.join(dataDir, "uploads"),
    storage: typeof source === "string" ? undefined : mediaStorageFor(source),
    cacheDir: path.join(dataDir, "cache", "img"),
  };
}

/** Variants made right after an upload, so the first visitor does not wait for them. */
const PREGENERATED: { width: number; format: ImageFormat }[] = [
  { width: 640, format: "webp" },
  { width: 640, format: "avif" },
];

function toLibraryImage(row: Selectable<SiteImagesTable>): LibraryImage {
  return {
    id: row.id,
    url: `/media/${row.storage_key}`,
    name: row.original_name,
    alt: row.alt,
    width: row.width,
    height: row.height,
    sizeBytes: row.size_bytes,
    mimeType: row.mime_type,
    createdAt: row.created_at,
  };
}

/**
 * Stores an upload (validated and cleaned by storeUpload), makes its first variants and records it
 * in site_images. The file is removed again when the row cannot be written.
 */
export async function addImage(
  db: Db,
  roots: ImageRoots,
  file: { bytes: Buffer; name: string; type?: string },
  uploadedBy: number | null,
): Promise<LibraryImage> {
  const stored = await storeUpload(storageOf(roots), file);
  const variants: { width: number; format: ImageFormat; key: string }[] = [];
  for (const v of PREGENERATED) {
    // A failed pre-generation is not a failed upload: the variant is made on first request instead.
    const made = await variantFromBytes(roots, { ...v, src: stored.url }, stored.bytes).catch(() => null);
    if (made) variants.push({ ...v, key: `${v.width}/${v.format}${stored.url}` });
  }
  try {
    const row = await db
      .insertInto("site_images")
      .values({
        storage_key: stored.storageKey,
        original_name: stored.originalName,
        mime_type: stored.mimeType,
        width: stored.width,
        height: stored.height,
        size_bytes: stored.sizeBytes,
        alt: "",
        variants: JSON.stringify(variants),
        uploaded_by: uploadedBy,
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toLibraryImage(row);
  } catch (error) {
    await removeFiles(roots, stored.storageKey);
    throw error;
  }
}

export async function listImages(db: DbOrTx): Promise<LibraryImage[]> {
  const rows = await db
    .selectFrom("site_images")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toLibraryImage);
}

export async function getImage(db: DbOrTx, id: number): Promise<LibraryImage | null> {
  const row = await db.selectFrom("site_images").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toLibraryImage(row) : null;
}

export const MAX_ALT_LENGTH = 250;

/** Saves an image's alt text (trimmed); false when there is no such image. */
export async function updateAlt(db: DbOrTx, id: number, alt: string): Promise<boolean> {
  const result = await db
    .updateTable("site_images")
    .set({ alt: alt.trim().slice(0, MAX_ALT_LENGTH) })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Removes the master and every variant this instance may have made of it (other instances' caches
 * stop serving theirs because the master is gone). Missing files are fine.
 */
async function removeFiles(roots: ImageRoots, storageKey: string): Promise<void> {
  // storage keys are made by storeUpload, but a tampered row must not delete outside the folder.
  const parts = checkKey(storageKey).split("/");
  const files: string[] = [];
  for (const width of IMAGE_WIDTHS) {
    for (const format of IMAGE_FORMATS) files.push(path.join(roots.cacheDir, String(width), format, "media", ...parts));
  }
  await Promise.all([storageOf(roots).delete(storageKey), ...files.map((file) => fs.rm(file, { force: true }))]);
}

/**
 * Deletes an image: the row first (so nothing lists a file that is going away), then the master
 * and its variants. Returns the deleted image, or null when there was none.
 */
export async function deleteImage(db: Db, roots: ImageRoots, id: number): Promise<LibraryImage | null> {
  const row = await db.deleteFrom("site_images").where("id", "=", id).returningAll().executeTakeFirst();
  if (!row) return null;
  await removeFiles(roots, row.storage_key);
  return toLibraryImage(row);
}

const PAGE_TITLES: Record<string, string> = {
  home: "Homepage",
  about: "About Us",
  contact: "Contact Us",
  services: "Services Overview",
  suites: "Suites & Rentals",
};

function pageEditor(page: PageId): { title: string; href: string } {
  if (page.startsWith("service-")) {
    const type = page.slice("service-".length);
    const entry = EDITABLE_PAGES.find(
      (p) => p.editPath.startsWith("/admin/edit/service/") && p.editPath.endsWith(type),
    );
    return { title: entry?.title ?? type, href: entry?.editPath ?? `/admin/edit/service/${type}` };
  }
  return { title: PAGE_TITLES[page] ?? page, href: `/admin/edit/${page}` };
}

function readableKey(section: string, key: string): string {
  const words = (s: string) => s.replace(/_/g, " ");
  return section === "main" || key.startsWith(`${section}_`) ? words(key) : `${words(section)} ${words(key)}`;
}

/**
 * Every place that refers to one of the given image URLs, by URL: page content values (an image
 * key, or any text that embeds the path, variant URLs included) and hero slide images.
 */
export async function imageUsages(db: DbOrTx, urls: string[]): Promise<Map<string, ImageUsage[]>> {
  const result = new Map<string, ImageUsage[]>(urls.map((u) => [u, []]));
  if (!urls.length) return result;
  const [content, slides] = await Promise.all([
    db
      .selectFrom("site_content")
      .select(["page", "section", "content_key", "content_value"])
      .where("content_value", "like", "%/media/%")
      .orderBy("page")
      .orderBy("content_key")
      .execute(),
    db
      .selectFrom("hero_slides")
      .select(["id", "title", "image_url"])
      .where("image_url", "like", "%/media/%")
      .orderBy("display_order")
      .orderBy("id")
      .execute(),
  ]);
  for (const url of urls) {
    const found = result.get(url)!;
    for (const row of content) {
      if (!row.content_value.includes(url)) continue;
      const editor = isPageId(row.page) ? pageEditor(row.page) : { title: row.page, href: "/admin/content" };
      found.push({
        kind: "content",
        label: `${editor.title}: ${readableKey(row.section, row.content_key)}`,
        href: editor.href,
      });
    }
    for (const slide of slides) {
      if (!slide.image_url.includes(url)) continue;
      found.push({
        kind: "slide",
        label: `Hero slide: ${slide.title || `#${slide.id}`}`,
        href: `/admin/hero-slides/edit/${slide.id}`,
      });
    }
  }
  return result;
}
