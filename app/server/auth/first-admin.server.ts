import type { Db } from "../db/database.server";
import type { Logger } from "../logger.server";
import { generatePassword, upsertUser } from "./users.server";

/**
 * On a database without any admin, creates one: from ADMIN_EMAIL/ADMIN_PASSWORD when set,
 * otherwise admin@localhost with a random password printed once to the console.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string; password?: string; logger: Logger; print?: (line: string) => void },
): Promise<{ created: boolean; email?: string }> {
  const admin = await db.selectFrom("user_roles").select("user_id").where("role", "=", "admin").executeTakeFirst();
  if (admin) return { created: false };
  const email = options.email ?? "admin@localhost";
  const password = options.password ?? generatePassword();
  await upsertUser(db, { email, password, role: "admin" });
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
