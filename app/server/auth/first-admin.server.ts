import { sql } from "kysely";
import type { Db, DbOrTx, DialectName } from "../db/database.server";
import type { Logger } from "../logger.server";
import { generatePassword, upsertUser } from "./users.server";

/**
 * On a database without any admin, creates one: from ADMIN_EMAIL/ADMIN_PASSWORD when set,
 * otherwise admin@localhost with a random password printed once to the console.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string; password?: string; logger: Logger; print?: (line: string) => void; dialect?: DialectName },
): Promise<{ created: boolean; email?: string }> {
  if (await anyAdmin(db)) return { created: false };
  const email = options.email ?? "admin@localhost";
  const password = options.password ?? generatePassword();
  const created = await db.transaction().execute(async (tx) => {
    // Several instances starting together on one new PostgreSQL database: one at a time here, so
    // one makes the admin (and prints its password) and the others find it.
    if (options.dialect === "postgres") await sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`.execute(tx);
    if (await anyAdmin(tx)) return false;
    await upsertUser(tx, { email, password, role: "admin" });
    return true;
  });
  if (!created) return { created: false };
  options.logger.info({ email }, "created the first admin");
  if (!options.password) {
    const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    print("");
    print("  First admin created. Sign in at /admin/login with:");
    print(`    e-mail:   ${email}`);
    print(`    password: ${password}`);
    print("  This password is shown only once. Change it in Settings, or reset it with");
    print(`    npm run users -- reset-password ${email}`);
    print("");
  }
  return { created: true, email };
}

/** Any number, the same in every instance: the advisory lock's name. */
const FIRST_ADMIN_LOCK = 7_240_301;

async function anyAdmin(db: DbOrTx): Promise<boolean> {
  return !!(await db.selectFrom("user_roles").select("user_id").where("role", "=", "admin").executeTakeFirst());
}
