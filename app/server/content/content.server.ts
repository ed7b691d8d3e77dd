import { defaultsFor, type PageContent } from "~/content";
import { contentTypeFor, mergedKeyFor, sectionFor, storedKeyFor, type PageId } from "~/lib/content-rules";
import { nowIso, type Db } from "../db/database.server";
import { getSettings, saveSettings, type SiteSettings } from "../settings/settings.server";
import { sanitizeInlineHtml } from "./sanitize.server";

export class UnknownContentKeyError extends Error {
  constructor(
    readonly page: PageId,
    readonly keys: string[],
  ) {
    super(`Unknown content keys for page ${page}: ${keys.join(", ")}`);
  }
}

/**
 * Reads pages as their defaults with the stored overrides merged on top, and writes overrides.
 * Merged pages are cached in memory; a save drops the page from the cache so the next request
 * sees it.
 */
export class ContentService {
  private cache = new Map<PageId, Record<string, string>>();
  private settings: SiteSettings | null = null;
  private listeners = new Set<(page: PageId) => void>();
  /** Bumped by every invalidation: a read that overlapped a save must not cache what it read. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  async getPage<P extends PageId>(page: P): Promise<PageContent<P>> {
    const cached = this.cache.get(page);
    if (cached) return cached as PageContent<P>;
    const generation = this.generation;
    const merged = await this.readPage(page);
    if (generation === this.generation) this.cache.set(page, merged);
    return merged as PageContent<P>;
  }

  /** The site settings (settings.server.ts), cached with the pages: every submission reads them. */
  async getSettings(): Promise<SiteSettings> {
    if (this.settings) return this.settings;
    const generation = this.generation;
    const settings = await getSettings(this.db);
    if (generation === this.generation) this.settings = settings;
    return settings;
  }

  async saveSettings(settings: Partial<SiteSettings>, userId: number | null): Promise<void> {
    try {
      await saveSettings(this.db, settings, userId);
    } finally {
      this.invalidate();
    }
  }

  /** Only the stored overrides of a page, by merged key (for editors: "is this a default?"). */
  async getOverrides(page: PageId): Promise<Record<string, string>> {
    const rows = await this.db
      .selectFrom("site_content")
      .select(["section", "content_key", "content_value"])
      .where("page", "=", page)
      .execute();
    return Object.fromEntries(rows.map((r) => [mergedKeyFor(page, r.section, r.content_key), r.content_value]));
  }

  /**
   * Writes every given key in one transaction: all or nothing. Keys must be keys of the page's
   * defaults; a value of null removes the override (back to the default).
   */
  async save(page: PageId, values: Record<string, string | null>, userId: number | null = null): Promise<void> {
    const defaults = defaultsFor(page) as Record<string, string>;
    const unknown = Object.keys(values).filter((k) => !(k in defaults));
    if (unknown.length) throw new UnknownContentKeyError(page, unknown);
    const now = nowIso();
    try {
      await this.db.transaction().execute(async (tx) => {
        for (const [key, raw] of Object.entries(values)) {
          const section = sectionFor(page, key);
          const contentKey = storedKeyFor(page, key);
          if (raw === null) {
            await tx
              .deleteFrom("site_content")
              .where("page", "=", page)
              .where("section", "=", section)
              .where("content_key", "=", contentKey)
              .execute();
            continue;
          }
          const type = contentTypeFor(page, key);
          const value = type === "html" ? sanitizeInlineHtml(raw) : raw;
          await tx
            .insertInto("site_content")
            .values({
              page,
              section,
              content_key: contentKey,
              content_value: value,
              content_type: type,
              updated_at: now,
              updated_by: userId,
            })
            .onConflict((oc) =>
              oc.columns(["page", "section", "content_key"]).doUpdateSet({
                content_value: value,
                content_type: type,
                updated_at: now,
                updated_by: userId,
              }),
            )
            .execute();
        }
      });
    } finally {
      // Dropped even when the save failed: the cache must never outlive what the database holds.
      this.invalidate(page);
    }
  }

  /** Removes the overrides of the given keys, all in one transaction: they show their defaults again. */
  async reset(page: PageId, keys: string[], userId: number | null = null): Promise<void> {
    await this.save(page, Object.fromEntries(keys.map((key) => [key, null])), userId);
  }

  invalidate(page?: PageId): void {
    this.generation += 1;
    this.settings = null;
    if (page) this.cache.delete(page);
    else this.cache.clear();
    for (const listener of this.listeners) listener(page as PageId);
  }

  /** Lets other caches (a rendered-page cache, say) drop what depends on content. */
  onChange(listener: (page: PageId) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async readPage(page: PageId): Promise<Record<string, string>> {
    const defaults = defaultsFor(page) as Record<string, string>;
    const rows = await this.db
      .selectFrom("site_content")
      .select(["section", "content_key", "content_value", "content_type"])
      .where("page", "=", page)
      .execute();
    const merged: Record<string, string> = { ...defaults };
    for (const row of rows) {
      const key = mergedKeyFor(page, row.section, row.content_key);
      // Rows for keys the product no longer knows are ignored rather than leaking into pages.
      if (!(key in defaults)) continue;
      merged[key] = row.content_type === "html" ? sanitizeInlineHtml(row.content_value) : row.content_value;
    }
    return merged;
  }
}
