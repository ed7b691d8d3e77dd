/** Rows written straight into the content tables, as an import, an old bug or another tool would leave them. */
import type { Insertable } from "kysely";
import { nowIso } from "~/server/db/database.server";
import type { ContentType, SiteContentTable, SiteImagesTable } from "~/server/db/schema";

/** A site_content row, written by no editor. */
export function contentRow(
  page: string,
  section: string,
  key: string,
  value: string,
  type: ContentType,
  at = nowIso(),
): Insertable<SiteContentTable> {
  return {
    page,
    section,
    content_key: key,
    content_value: value,
    content_type: type,
    updated_at: at,
    updated_by: null,
  };
}

/** A 10×10 JPEG in the media library's table, without its files. */
export function imageRow(storageKey: string, createdAt = nowIso()): Insertable<SiteImagesTable> {
  return {
    storage_key: storageKey,
    original_name: storageKey,
    mime_type: "image/jpeg",
    width: 10,
    height: 10,
    size_bytes: 100,
    alt: "",
    variants: "[]",
    uploaded_by: null,
    created_at: createdAt,
  };
}
