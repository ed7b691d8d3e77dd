import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Selectable, type SqlBool } from "kysely";
import { defaultsFor } from "~/content";
import { EDITABLE_PAGES } from "~/lib/admin-pages";
import { mergedKeyFor, PAGE_IDS, type PageId } from "~/lib/content-rules";
import { pageEditor, SERVICE_EDITOR_SLUGS, serviceEditorFor } from "~/lib/editors";
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat } from "~/lib/images";
import { MEDIA_PAGE_SIZE, type ImageUsage, type LibraryImage, type LibraryPage } from "~/lib/media";
import { pageSlice } from "~/lib/paging";
import { MAX_ALT_LENGTH } from "~/lib/media-alt";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import { likePattern, searchTerms } from "../submissions/query.server";
import type { SiteImagesTable } from "../db/schema";
import { storageOf, variantFromBytes, type ImageRoots } from "./image-variants.server";
import { prewarmEnabled, prewarmerFor } from "./prewarm.server";
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
  const builtin = Number(row.builtin) === 1;
  return {
    id: row.id,
    url: builtin ? `/images/${row.storage_key}` : `/media/${row.storage_key}`,
    builtin,
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
  { prewarm = prewarmEnabled() }: { prewarm?: boolean } = {},
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
    // The rest of the widths and formats the pages ask for are made in the background.
    if (prewarm) prewarmerFor(roots).add(stored.url);
    return toLibraryImage(row);
  } catch (error) {
    await removeImageFiles(roots, stored.storageKey);
    throw error;
  }
}

/**
 * One page of the library, newest first; `q` keeps the images whose file name or alt text holds
 * each of its words. (A contains match over a few thousand rows: no index serves it, none is needed.)
 */
export async function listImagesPage(db: DbOrTx, { q, page }: { q: string; page: number }): Promise<LibraryPage> {
  const terms = searchTerms(q);
  const matching = db
    .selectFrom("site_images")
    .$if(terms.length > 0, (qb) =>
      qb.where((eb) =>
        eb.and(
          terms.map((term) =>
            eb.or(
              (["original_name", "alt"] as const).map(
                (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(term)} escape '\\'`,
              ),
            ),
          ),
        ),
      ),
    );
  const { count } = await matching
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const slice = pageSlice(total, page, MEDIA_PAGE_SIZE);
  const rows = total
    ? await matching
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(MEDIA_PAGE_SIZE)
        .offset(slice.offset)
        .execute()
    : [];
  return { images: rows.map(toLibraryImage), total, page: slice.page, pageCount: slice.pageCount };
}

/** What the whole library holds: how many images, and their bytes. */
export async function libraryTotals(db: DbOrTx): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom("site_images")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.coalesce(eb.fn.sum<number | string>("size_bytes"), eb.val(0)).as("bytes"),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes) };
}

/** Every image, newest first (tests and the seed; the admin reads a page at a time). */
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
/** Removes an upload's file and its variants. */
export async function removeImageFiles(roots: ImageRoots, storageKey: string): Promise<void> {
  // storage keys are made by storeUpload, but a tampered row must not delete outside the folder.
  const parts = checkKey(storageKey).split("/");
  const files: string[] = [];
  for (const width of IMAGE_WIDTHS) {
    for (const format of IMAGE_FORMATS) files.push(path.join(roots.cacheDir, String(width), format, "media", ...parts));
  }
  await Promise.all([storageOf(roots).delete(storageKey), ...files.map((file) => fs.rm(file, { force: true }))]);
}

export type DeleteResult =
  | { status: "deleted"; image: LibraryImage }
  | { status: "missing" }
  | { status: "in-use"; image: LibraryImage; usages: ImageUsage[] };

/**
 * Deletes an image that nothing uses: the row first (so nothing lists a file that is going away),
 * then the master and its variants. An image still used by page content (a saved value or a
 * default) or a hero slide is kept, and the places using it are returned. The site's own
 * photographs leave the library only: their files belong to the site.
 */
export async function deleteImage(db: Db, roots: ImageRoots, id: number): Promise<DeleteResult> {
  const result = await db.transaction().execute(async (tx): Promise<DeleteResult> => {
    const row = await tx.selectFrom("site_images").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return { status: "missing" };
    const image = toLibraryImage(row);
    const usages = (await imageUsages(tx, [image.url])).get(image.url) ?? [];
    if (usages.length) return { status: "in-use", image, usages };
    const deleted = await tx.deleteFrom("site_images").where("id", "=", id).returning("id").executeTakeFirst();
    return deleted ? { status: "deleted", image } : { status: "missing" };
  });
  if (result.status === "deleted" && !result.image.builtin) {
    await removeImageFiles(roots, result.image.url.slice("/media/".length));
  }
  return result;
}

/** "This image is used on: Homepage › About Section › Image, Hero slide 2: Welcome." */
export function inUseMessage(usages: ImageUsage[]): string {
  return `This image is used on: ${usages.map((u) => u.label).join(", ")}. Choose another image there first.`;
}

interface EditorPlace {
  title: string;
  href: string;
  /** "About Section › Image" by merged key. */
  fields: Map<string, string>;
}

const places = new Map<PageId, EditorPlace>();

/** Where a page's content is edited, and the name each key has on that screen. */
function editorPlace(page: PageId): EditorPlace {
  const known = places.get(page);
  if (known) return known;
  const serviceSlug = page.startsWith("service-")
    ? Object.entries(SERVICE_EDITOR_SLUGS).find(([, type]) => `service-${type}` === page)?.[0]
    : undefined;
  const def = serviceSlug ? serviceEditorFor(serviceSlug) : pageEditor(page);
  const href = serviceSlug ? `/admin/edit/service/${serviceSlug}` : `/admin/edit/${page}`;
  const fields = new Map<string, string>();
  for (const panel of def?.panels ?? []) {
    for (const block of panel.blocks) {
      if (block.kind !== "fields") continue;
      for (const field of block.group.fields) {
        fields.set(field.key, `${block.group.title} › ${field.label}`);
        if (field.altKey)
          fields.set(field.altKey, `${block.group.title} › ${field.altLabel ?? `${field.label} alt text`}`);
      }
    }
  }
  const title = EDITABLE_PAGES.find((p) => p.editPath === href)?.title ?? def?.title.replace(/^Edit /, "") ?? page;
  const place = { title, href, fields };
  places.set(page, place);
  return place;
}

/**
 * Every place that shows one of the given image URLs, or will once a draft is published: page
 * content as it stands (a saved value, or the default of a key without one: the site's own
 * photographs are used by the defaults), an image key or any text that embeds the path, variant
 * URLs included; unpublished drafts of pages and of the hero slides; hero slides, hidden ones too;
 * suite types' photos and people's photos. Labels name the place as the admin screens do:
 * "Homepage › About Section › Image", "Homepage (draft) › About Section › Image", "Hero slide 2: Welcome".
 */
export async function imageUsages(db: DbOrTx, urls: string[]): Promise<Map<string, ImageUsage[]>> {
  const result = new Map<string, ImageUsage[]>(urls.map((u) => [u, []]));
  if (!urls.length) return result;
  const [rows, slides, drafts, suiteTypes, staff] = await Promise.all([
    db.selectFrom("site_content").select(["page", "section", "content_key", "content_value"]).execute(),
    db.selectFrom("hero_slides").select(["id", "title", "image_url"]).orderBy("display_order").orderBy("id").execute(),
    db.selectFrom("content_drafts").select(["page", "draft_values"]).orderBy("page").execute(),
    db.selectFrom("suite_types").select(["id", "name", "photos"]).orderBy("display_order").orderBy("id").execute(),
    db.selectFrom("staff").select(["id", "name", "photo_url"]).orderBy("display_order").orderBy("id").execute(),
  ]);
  const content: { page: PageId; key: string; value: string }[] = [];
  for (const page of PAGE_IDS) {
    const merged: Record<string, string> = { ...(defaultsFor(page) as Record<string, string>) };
    for (const row of rows) {
      if (row.page !== page) continue;
      const key = mergedKeyFor(page, row.section, row.content_key);
      if (key in merged) merged[key] = row.content_value;
    }
    for (const [key, value] of Object.entries(merged)) content.push({ page, key, value });
  }
  const published = new Map(content.map(({ page, key, value }) => [`${page}|${key}`, value]));
  const draftValues = drafts.map((d) => ({ page: d.page, values: draftEntries(d.draft_values) }));
  for (const url of urls) {
    const found = result.get(url)!;
    for (const { page, key, value } of content) {
      if (!value.includes(url)) continue;
      const place = editorPlace(page);
      found.push({ kind: "content", label: `${place.title} › ${fieldName(place, key)}`, href: place.href });
    }
    // A draft holds every field (the whole set of slides): only what differs from the published page is its own use.
    for (const { page, values } of draftValues) {
      const keys = values
        .filter(([key, value]) => value?.includes(url) && published.get(`${page}|${key}`) !== value)
        .map(([key]) => key);
      if (!keys.length) continue;
      if (page === "hero-slides") {
        if (!slides.some((slide) => slide.image_url.includes(url)))
          found.push({ kind: "draft", label: "Hero slides (draft)", href: "/admin/hero-slides" });
        continue;
      }
      if (!(PAGE_IDS as readonly string[]).includes(page)) continue;
      const place = editorPlace(page as PageId);
      for (const key of keys)
        found.push({ kind: "draft", label: `${place.title} (draft) › ${fieldName(place, key)}`, href: place.href });
    }
    slides.forEach((slide, index) => {
      if (!slide.image_url.includes(url)) return;
      found.push({
        kind: "slide",
        label: `Hero slide ${index + 1}: ${slide.title || `#${slide.id}`}`,
        href: `/admin/hero-slides/edit/${slide.id}`,
      });
    });
    for (const type of suiteTypes)
      if (type.photos.includes(url))
        found.push({
          kind: "suite-type",
          label: `Suites › ${type.name} › Photos`,
          href: `/admin/suites/types/${type.id}`,
        });
    for (const person of staff)
      if (person.photo_url.includes(url))
        found.push({ kind: "staff", label: `Staff › ${person.name} › Photo`, href: `/admin/staff/${person.id}` });
  }
  return result;
}

const fieldName = (place: EditorPlace, key: string) => place.fields.get(key) ?? key.replace(/[._]/g, " ");

/** A draft's values (JSON of key → value, null for the default); none when unreadable. */
function draftEntries(json: string): [string, string | null][] {
  try {
    const values = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(values).map(([key, value]) => [key, typeof value === "string" ? value : null]);
  } catch {
    return [];
  }
}
