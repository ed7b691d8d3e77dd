import type { Db } from "../db/database.server";

/** Submissions staff have not opened yet (the header bell). */
export async function unreadSubmissionCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("form_submissions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
