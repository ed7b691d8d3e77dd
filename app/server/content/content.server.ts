import { defaultsFor, type PageContent } from "~/content";
import {
  contentTypeFor,
  mergedKeyFor,
  sectionFor,
  storedKeyFor,
  type DraftSubject,
  type PageId,
} from "~/lib/content-rules";
import type { ContentType } from "../db/schema";
import type { ContentIssues } from "~/lib/content-issues";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import type { Logger } from "../logger.server";
import { deletedMediaUrls } from "../media/media-keys.server";
import { getSettings, saveSettings, type SiteSettings } from "../settings/settings.server";
import { sanitizeInlineHtml } from "./sanitize.server";

interface ReadPage {
  values: Record<string, string>;
  issues: ContentIssues;
}

/**
 * Whether a stored value can be shown as its key's type: JSON keys hold a list of strings, or of
 * objects with a name (service options with their length and price).
 */
function isReadable(type: ContentType, value: unknown): value is string {
  if (typeof value !== "string") return false;
  if (type !== "json") return true;
  try {
    const parsed: unknown = JSON.parse(value);
    return (
      Array.isArray(parsed) &&
      parsed.every(
        (item: unknown) =>
          typeof item === "string" ||
          (!!item && typeof item === "object" && typeof (item as { name?: unknown }).name === "string"),
      )
    );
  } catch {
    return false;
  }
}

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
 * sees it. A stored value that cannot be shown (unreadable, or an image deleted from the media
 * library) gives way to the key's default: a page never fails or shows a broken image for it.
 */
export class ContentService {
  private cache = new Map<PageId, ReadPage>();
  private settings: SiteSettings | null = null;
  private listeners = new Set<(page: PageId) => void>();
  /** Bumped by every invalidation: a read that overlapped a save must not cache what it read. */
  private generation = 0;

  /** "page|key|updated_at" of each unreadable value already logged: one warning per stored value. */
  private warned = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly logger?: Logger,
    /** A preview's unpublished values of one page (null: the default), or the slides', laid over what is stored. */
    private readonly draft?: { page: DraftSubject; values: Record<string, string | null> },
  ) {}

  /**
   * The content as it will be once the page's draft is published: a view for one preview request,
   * with caches of its own, so nothing it reads reaches what visitors are served.
   */
  withDraft(page: DraftSubject, values: Record<string, string | null>): ContentService {
    return new ContentService(this.db, this.logger, { page, values });
  }

  /** The draft values this view previews when they are the given subject's (the home page asks for the slides'). */
  previewedDraft(page: DraftSubject): Record<string, string | null> | undefined {
    return this.draft?.page === page ? this.draft.values : undefined;
  }

  async getPage<P extends PageId>(page: P): Promise<PageContent<P>> {
    return (await this.read(page)).values as PageContent<P>;
  }

  /** The keys of a page that show their default because their stored value cannot be shown. */
  async getIssues(page: PageId): Promise<ContentIssues> {
    return (await this.read(page)).issues;
  }

  private async read(page: PageId): Promise<ReadPage> {
    const cached = this.cache.get(page);
    if (cached) return cached;
    const generation = this.generation;
    const read = await this.readPage(page);
    if (generation === this.generation) this.cache.set(page, read);
    return read;
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
   * defaults; a value of null removes the override (back to the default). `alsoInTransaction`
   * writes more in the same transaction (a publish keeps its version and drops its draft).
   */
  async save(
    page: PageId,
    values: Record<string, string | null>,
    userId: number | null = null,
    alsoInTransaction?: (tx: DbOrTx) => Promise<void>,
  ): Promise<void> {
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
        await alsoInTransaction?.(tx);
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

  private async readPage(page: PageId): Promise<ReadPage> {
    const defaults = defaultsFor(page) as Record<string, string>;
    const stored = await this.db
      .selectFrom("site_content")
      .select(["section", "content_key", "content_value", "content_type", "updated_at"])
      .where("page", "=", page)
      .execute();
    const rows = this.draft?.page === page ? this.withDraftRows(page, this.draft.values, stored) : stored;
    const merged: Record<string, string> = { ...defaults };
    const issues: ContentIssues = { unreadable: [], missingImages: [] };
    const images = new Map<string, string>();
    for (const row of rows) {
      const key = mergedKeyFor(page, row.section, row.content_key);
      // Rows for keys the product no longer knows are ignored rather than leaking into pages.
      if (!(key in defaults)) continue;
      const type = contentTypeFor(page, key);
      const value: unknown = row.content_value;
      if (!isReadable(type, value)) {
        issues.unreadable.push(key);
        this.warnUnreadable(page, key, row.updated_at);
        continue;
      }
      merged[key] = row.content_type === "html" ? sanitizeInlineHtml(value) : value;
      if (type === "image") images.set(key, value.trim());
    }
    const deleted = await deletedMediaUrls(this.db, images.values());
    for (const [key, url] of images) {
      if (!deleted.has(url)) continue;
      merged[key] = defaults[key];
      issues.missingImages.push(key);
    }
    return { values: merged, issues };
  }

  /** The stored rows with the draft's values in place of the published ones (a null: no row, the default). */
  private withDraftRows<R extends { section: string; content_key: string }>(
    page: PageId,
    values: Record<string, string | null>,
    rows: R[],
  ) {
    const drafted = new Set(
      Object.keys(values).map((key) => `${sectionFor(page, key)}\u0000${storedKeyFor(page, key)}`),
    );
    const now = nowIso();
    return [
      ...rows.filter((r) => !drafted.has(`${r.section}\u0000${r.content_key}`)),
      ...Object.entries(values).flatMap(([key, value]) =>
        value === null
          ? []
          : [
              {
                section: sectionFor(page, key),
                content_key: storedKeyFor(page, key),
                content_value: value,
                content_type: contentTypeFor(page, key),
                updated_at: now,
              },
            ],
      ),
    ];
  }

  private warnUnreadable(page: PageId, key: string, updatedAt: string): void {
    const id = `${page}|${key}|${updatedAt}`;
    if (this.warned.has(id)) return;
    this.warned.add(id);
    this.logger?.warn(
      { page, key, updatedAt },
      "a stored content value could not be read: the page shows the default until an editor saves it",
    );
  }
}
