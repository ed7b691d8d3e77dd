import type { Kysely } from "kysely";

/**
 * Indexes for the admin's lists that read a table in an order or by a key no index served
 * (docs/decisions.md, 58): the media library newest first, the waiting list's entries off the list
 * latest first, and whether a staff member has any appointment (the staff list's "has bookings").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // size_bytes rides along so the library's count and total size read the index alone.
  await db.schema
    .createIndex("site_images_created")
    .on("site_images")
    .columns(["created_at", "id", "size_bytes"])
    .execute();
  await db.schema
    .createIndex("waitlist_entries_created")
    .on("waitlist_entries")
    .columns(["created_at", "id"])
    .execute();
  await db.schema.createIndex("bookings_staff_kind").on("bookings").columns(["staff_id", "kind"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["site_images_created", "waitlist_entries_created", "bookings_staff_kind"])
    await db.schema.dropIndex(name).execute();
}
