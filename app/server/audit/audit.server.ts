import { nowIso, type DbOrTx } from "../db/database.server";

/** Records an admin action for the dashboard's Recent Activity: who did what to what, when. */
export async function audit(
  db: DbOrTx,
  actor: { userId: number | null; email: string | null },
  action: string,
  target?: string | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      user_id: actor.userId,
      user_email: actor.email,
      action,
      target: target ?? null,
      details: details ? JSON.stringify(details) : null,
      created_at: nowIso(),
    })
    .execute();
}

export async function recentActivity(db: DbOrTx, limit = 10) {
  return db
    .selectFrom("audit_log")
    .select(["id", "user_email", "action", "target", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
