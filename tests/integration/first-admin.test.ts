import { afterAll, describe, expect, it } from "vitest";
import { ensureFirstAdmin } from "~/server/auth/first-admin.server";
import { verifyPassword } from "~/server/auth/password.server";
import { createLogger } from "~/server/logger.server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-db";

const logger = createLogger("silent");

async function usersWithRoles(t: TestDatabase) {
  return t.db
    .selectFrom("users")
    .leftJoin("user_roles", "user_roles.user_id", "users.id")
    .select(["users.id", "users.email", "users.password_hash", "user_roles.role"])
    .orderBy("users.id")
    .execute();
}

describe(`ensureFirstAdmin (${testDialect})`, () => {
  const open: TestDatabase[] = [];
  const fresh = async () => {
    const t = await createTestDatabase();
    open.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of open) await t.destroy();
  });

  it("creates an admin with a generated password printed once, and nothing the second time", async () => {
    const t = await fresh();
    const printed: string[] = [];
    const print = (line: string) => printed.push(line);

    expect(await ensureFirstAdmin(t.db, { logger, print })).toEqual({ created: true, email: "admin@localhost" });

    const [user, ...others] = await usersWithRoles(t);
    expect(others).toEqual([]);
    expect(user.email).toBe("admin@localhost");
    expect(user.role).toBe("admin");
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const passwordLines = printed.filter((line) => /password:/.test(line));
    expect(passwordLines).toHaveLength(1);
    const password = passwordLines[0].split("password:")[1].trim();
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(user.password_hash).not.toContain(password);
    expect(await verifyPassword(user.password_hash, password)).toBe(true);
    expect(printed.filter((line) => line.includes(password))).toHaveLength(1);
    expect(printed.join("\n")).toContain("admin@localhost");

    printed.length = 0;
    expect(await ensureFirstAdmin(t.db, { logger, print })).toEqual({ created: false });
    expect(printed).toEqual([]);
    expect(await usersWithRoles(t)).toEqual([user]);
  });

  it("uses the given e-mail and password and prints no password", async () => {
    const t = await fresh();
    const printed: string[] = [];

    const result = await ensureFirstAdmin(t.db, {
      email: "Owner@Salon.Example",
      password: "a long enough secret",
      logger,
      print: (line) => printed.push(line),
    });

    expect(result.created).toBe(true);
    expect(printed).toEqual([]);
    const [user, ...others] = await usersWithRoles(t);
    expect(others).toEqual([]);
    expect(user).toMatchObject({ email: "owner@salon.example", role: "admin" });
    expect(await verifyPassword(user.password_hash, "a long enough secret")).toBe(true);
    expect(await verifyPassword(user.password_hash, "a wrong secret")).toBe(false);
  });

  it("counts only admins: an editor alone does not stop the first admin", async () => {
    const t = await fresh();
    const now = new Date().toISOString();
    const editor = await t.db
      .insertInto("users")
      .values({ email: "editor@salon.example", password_hash: "x", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("user_roles").values({ user_id: editor.id, role: "editor" }).execute();

    const result = await ensureFirstAdmin(t.db, { logger, print: () => {} });

    expect(result).toEqual({ created: true, email: "admin@localhost" });
    expect((await usersWithRoles(t)).map((u) => [u.email, u.role])).toEqual([
      ["editor@salon.example", "editor"],
      ["admin@localhost", "admin"],
    ]);
  });
});
