import type { FailedSignIns } from "~/lib/failed-sign-ins";
import type { Db } from "../db/database.server";

/**
 * What an account's owner is shown about sign-ins: every wrong password or code given for the
 * account (when, the client's address, its browser), kept 30 days and at most KEPT_PER_USER per
 * account, and how many came since the sign-in before the current one.
 */
const KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const KEPT_PER_USER = 1000;
export const FAILED_SIGN_INS_PAGE_SIZE = 20;
const USER_AGENT_LENGTH = 120;

export async function recordFailedSignIn(
  db: Db,
  attempt: { userId: number; step: "password" | "code"; ip: string; userAgent: string | null },
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto("failed_sign_ins")
    .values({
      user_id: attempt.userId,
      step: attempt.step,
      ip: attempt.ip,
      user_agent: attempt.userAgent?.slice(0, USER_AGENT_LENGTH) || null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  await db
    .deleteFrom("failed_sign_ins")
    .where((eb) =>
      eb.or([
        eb("created_at", "<", new Date(now - KEPT_MS).toISOString()),
        eb.and([
          eb("user_id", "=", attempt.userId),
          eb(
            "id",
            "<=",
            eb
              .selectFrom("failed_sign_ins")
              .select("id")
              .where("user_id", "=", attempt.userId)
              .orderBy("id", "desc")
              .limit(1)
              .offset(KEPT_PER_USER),
          ),
        ]),
      ]),
    )
    .execute();
}

/** A completed sign-in (the password, and the code when the user has two-factor). */
export async function recordSignIn(db: Db, userId: number, now = Date.now()): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ previous_sign_in_at: eb.ref("last_sign_in_at"), last_sign_in_at: new Date(now).toISOString() }))
    .where("id", "=", userId)
    .execute();
}

async function countFailed(db: Db, userId: number, since: string | null): Promise<number> {
  let query = db
    .selectFrom("failed_sign_ins")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId);
  if (since) query = query.where("created_at", ">", since);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

const previousSignIn = async (db: Db, userId: number) =>
  (await db.selectFrom("users").select("previous_sign_in_at").where("id", "=", userId).executeTakeFirst())
    ?.previous_sign_in_at ?? null;

/** How many failed attempts there were since the sign-in before the current one (all kept, if none). */
export async function failedSinceLastSignIn(db: Db, userId: number) {
  const previousSignInAt = await previousSignIn(db, userId);
  return { count: await countFailed(db, userId, previousSignInAt), previousSignInAt };
}

/** One page of the account's failed attempts, newest first, with the count since the last sign-in. */
export async function failedSignIns(db: Db, userId: number, page = 1): Promise<FailedSignIns> {
  const [{ count: sinceLastSignIn, previousSignInAt }, total] = await Promise.all([
    failedSinceLastSignIn(db, userId),
    countFailed(db, userId, null),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / FAILED_SIGN_INS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .selectFrom("failed_sign_ins")
    .select(["id", "step", "ip", "user_agent", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(FAILED_SIGN_INS_PAGE_SIZE)
    .offset((current - 1) * FAILED_SIGN_INS_PAGE_SIZE)
    .execute();
  return {
    sinceLastSignIn,
    previousSignInAt,
    total,
    page: current,
    pageCount,
    rows: rows.map((row) => ({
      id: row.id,
      step: row.step,
      ip: row.ip,
      userAgent: row.user_agent,
      at: row.created_at,
    })),
  };
}
