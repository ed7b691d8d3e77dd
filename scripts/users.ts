/**
 * Manage admin users from the command line (works on SQLite and PostgreSQL, like the server):
 *   npm run users -- list
 *   npm run users -- create EMAIL [--role admin|editor] [--password PASSWORD]
 *   npm run users -- reset-password EMAIL [--password PASSWORD]
 *   npm run users -- set-role EMAIL admin|editor|none
 *   npm run users -- remove EMAIL
 * A password not given is generated and printed once.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "../app/server/env.server";
import { migrateToLatest, openDatabase } from "../app/server/db/database.server";
import {
  findUserByEmail,
  generatePassword,
  isRole,
  normalizeEmail,
  setRole,
  upsertUser,
} from "../app/server/auth/users.server";

const USAGE = `Usage:
  npm run users -- list
  npm run users -- create EMAIL [--role admin|editor] [--password PASSWORD]
  npm run users -- reset-password EMAIL [--password PASSWORD]
  npm run users -- set-role EMAIL admin|editor|none
  npm run users -- remove EMAIL`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: "string" }, password: { type: "string" } },
});
const [command, email, extra] = positionals;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const env = loadEnv();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
const { db } = handle;
await migrateToLatest(db);

try {
  switch (command) {
    case "list": {
      const users = await db
        .selectFrom("users")
        .leftJoin("user_roles", "user_roles.user_id", "users.id")
        .select(["users.email", "user_roles.role", "users.created_at"])
        .orderBy("users.email")
        .execute();
      if (!users.length) console.log("No users yet.");
      for (const u of users)
        console.log(`${u.email.padEnd(40)} ${(u.role ?? "no role").padEnd(8)} created ${u.created_at}`);
      break;
    }
    case "create":
    case "reset-password": {
      if (!email) fail(USAGE);
      const existing = await findUserByEmail(db, email);
      if (command === "create" && existing)
        fail(`${normalizeEmail(email)} already exists; use reset-password or set-role.`);
      if (command === "reset-password" && !existing) fail(`No user ${normalizeEmail(email)}.`);
      const role = command === "create" ? (values.role ?? "editor") : (existing?.role ?? null);
      if (role !== null && !isRole(role)) fail(`Unknown role "${role}": use admin or editor.`);
      const password = values.password ?? generatePassword();
      await upsertUser(db, { email, password, role });
      if (command === "reset-password") {
        const user = await findUserByEmail(db, email);
        // A new password ends every session of that user.
        await db.deleteFrom("sessions").where("user_id", "=", user!.id).execute();
      }
      console.log(
        `${command === "create" ? "Created" : "Reset the password of"} ${normalizeEmail(email)}${role ? ` (${role})` : ""}.`,
      );
      if (!values.password) console.log(`Password (shown once): ${password}`);
      break;
    }
    case "set-role": {
      if (!email || !extra) fail(USAGE);
      const user = await findUserByEmail(db, email);
      if (!user) fail(`No user ${normalizeEmail(email)}.`);
      const role = extra === "none" ? null : extra;
      if (role !== null && !isRole(role)) fail(`Unknown role "${extra}": use admin, editor or none.`);
      await setRole(db, user.id, role);
      await db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
      console.log(`${user.email} is now ${role ?? "without a role"}.`);
      break;
    }
    case "remove": {
      if (!email) fail(USAGE);
      const user = await findUserByEmail(db, email);
      if (!user) fail(`No user ${normalizeEmail(email)}.`);
      await db.deleteFrom("users").where("id", "=", user.id).execute();
      console.log(`Removed ${user.email}.`);
      break;
    }
    default:
      fail(USAGE);
  }
} finally {
  await handle.close();
}
