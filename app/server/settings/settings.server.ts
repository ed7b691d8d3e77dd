import { DEFAULT_TIME_ZONE, isTimeZone } from "~/lib/dates";
import { nowIso, type DbOrTx } from "../db/database.server";

/** Settings that are not page content. Values are strings in the settings table. */
export interface SiteSettings {
  /** Where new-submission notifications go; empty: the business e-mail. */
  notifyEmail: string;
  /** Send the visitor a confirmation e-mail after a submission. */
  confirmationEmails: boolean;
  /** The salon's IANA time zone: every date shown to staff or visitors is read on its clocks. */
  timeZone: string;
}

const DEFAULTS: SiteSettings = { notifyEmail: "", confirmationEmails: true, timeZone: DEFAULT_TIME_ZONE };

export class UnknownTimeZoneError extends Error {
  constructor(readonly timeZone: string) {
    super(`Unknown time zone: ${timeZone}`);
  }
}

export async function getSettings(db: DbOrTx): Promise<SiteSettings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  const storedZone = map.get("time_zone");
  return {
    notifyEmail: map.get("notify_email") ?? DEFAULTS.notifyEmail,
    confirmationEmails: (map.get("confirmation_emails") ?? String(DEFAULTS.confirmationEmails)) === "true",
    // A zone this runtime no longer knows (an older ICU) must not break every date on the site.
    timeZone: storedZone && isTimeZone(storedZone) ? storedZone : DEFAULTS.timeZone,
  };
}

export async function saveSettings(db: DbOrTx, settings: Partial<SiteSettings>, userId: number | null): Promise<void> {
  if (settings.timeZone !== undefined && !isTimeZone(settings.timeZone))
    throw new UnknownTimeZoneError(settings.timeZone);
  const entries: [string, string][] = [];
  if (settings.notifyEmail !== undefined) entries.push(["notify_email", settings.notifyEmail]);
  if (settings.confirmationEmails !== undefined)
    entries.push(["confirmation_emails", String(settings.confirmationEmails)]);
  if (settings.timeZone !== undefined) entries.push(["time_zone", settings.timeZone]);
  const now = nowIso();
  for (const [key, value] of entries) {
    await db
      .insertInto("settings")
      .values({ key, value, updated_at: now, updated_by: userId })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now, updated_by: userId }))
      .execute();
  }
}
