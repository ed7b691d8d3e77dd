import { sql, type Kysely } from "kysely";

/**
 * The site's own photographs (public/images) are listed in the media library beside the uploads,
 * so an editor can reuse them. Such a row names a file of the site, not of the media storage: 1 in
 * `builtin`, its storage_key the file name under /images/.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("site_images")
    .addColumn("builtin", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM site_images WHERE builtin = 1`.execute(db);
  await db.schema.alterTable("site_images").dropColumn("builtin").execute();
}
