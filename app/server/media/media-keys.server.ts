import type { DbOrTx } from "../db/database.server";

const MEDIA_PREFIX = "/media/";

/**
 * The library uploads (/media/…) among `urls` that the library no longer holds: deleted images.
 * Anything else (the site's own /images/…, an https:// address) is never reported. One query for
 * all of them, on the unique storage_key.
 */
export async function deletedMediaUrls(db: DbOrTx, urls: Iterable<string>): Promise<Set<string>> {
  const byKey = new Map<string, string[]>();
  for (const url of urls) {
    if (!url.startsWith(MEDIA_PREFIX)) continue;
    const key = url.slice(MEDIA_PREFIX.length);
    byKey.set(key, [...(byKey.get(key) ?? []), url]);
  }
  if (!byKey.size) return new Set();
  const rows = await db
    .selectFrom("site_images")
    .select("storage_key")
    .where("builtin", "=", 0)
    .where("storage_key", "in", [...byKey.keys()])
    .execute();
  for (const row of rows) byKey.delete(row.storage_key);
  return new Set([...byKey.values()].flat());
}
