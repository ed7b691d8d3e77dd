import { nowIso, type DbOrTx } from "../db/database.server";

/** Settings that are not page content. Values are strings in the settings table. */
export interface SiteSettings {
  /** Where new-submission notifications go; empty: the business e-mail. */
  notifyEmail: string;
  /** Send the visitor a confirmation e-mail after a submission. */
  confirmationEmails: boolean;
}

const DEFAULTS: SiteSettings = { notifyEmail: "", confirmationEmails: true };

export async function getSettings(db: DbOrTx): Promise<SiteSettings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  return {
    notifyEmail: map.get("notify_email") ?? DEFAULTS.notifyEmail,
    confirmationEmails: (map.get("confirmation_emails") ?? String(DEFAULTS.confirmationEmails)) === "true",
  };
}

export async function saveSettings(db: DbOrTx, settings: Partial<SiteSettings>, userId: number | null): Promise<void> {
  const entries: [string, string][] = [];
  if (settings.notifyEmail !== undefined) entries.push(["notify_email", settings.notifyEmail]);
  if (settings.confirmationEmails !== undefined)
    entries.push(["confirmation_emails", String(settings.confirmationEmails)]);
  const now = nowIso();
  for (const [key, value] of entries) {
    await db
      .insertInto("settings")
      .values({ key, value, updated_at: now, updated_by: userId })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now, updated_by: userId }))
      .execute();
  }
}
