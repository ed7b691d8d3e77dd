import type { Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

/**
 * What the owner is shown about sign-ins to their account: each failed attempt (when, from which
 * address and browser, wrong password or wrong code) and the times of the last two sign-ins (the
 * notice counts the failures since the one before the current). The throttle's per-address rows
 * remember a sign-in from that address (`signed_in_at`): such an address is not held back by
 * other addresses' failures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("failed_sign_ins")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("step", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("failed_sign_ins_user")
    .on("failed_sign_ins")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();
  await db.schema.alterTable("users").addColumn("previous_sign_in_at", "text").execute();
  await db.schema.alterTable("login_attempts").addColumn("signed_in_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("login_attempts").dropColumn("signed_in_at").execute();
  await db.schema.alterTable("users").dropColumn("previous_sign_in_at").execute();
  await db.schema.alterTable("users").dropColumn("last_sign_in_at").execute();
  await db.schema.dropTable("failed_sign_ins").ifExists().execute();
}
