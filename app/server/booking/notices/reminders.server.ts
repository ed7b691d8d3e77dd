import type { ContentService } from "../../content/content.server";
import { nowIso, type Db } from "../../db/database.server";
import type { Logger } from "../../logger.server";
import type { BookingLinks } from "./manage-link.server";
import { bookingMailSetting, claimEachDue, queueClientMail } from "./notify.server";
import { getBookingSettings } from "../model.server";

const HOUR = 3_600_000;

/**
 * Queues the reminder e-mail of every confirmed appointment that starts within the salon's
 * reminder hours and has not had one. Each booking is claimed by an UPDATE that only succeeds
 * while its reminder_sent_at is empty, and its mail is queued in that same transaction: however
 * many rounds or server instances run at once, one reminder goes out per booking and time (a
 * move empties reminder_sent_at). A booking confirmed or changed inside the reminder window gets
 * none: the e-mail about that change has just told its time. Returns how many were queued.
 */
export async function queueDueReminders(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  now = Date.now(),
): Promise<number> {
  const { reminderHours } = await getBookingSettings(db);
  if (reminderHours === 0) return 0;
  const windowMs = reminderHours * HOUR;
  const candidates = await db
    .selectFrom("bookings")
    .select(["id", "starts_at", "updated_at"])
    .where("kind", "=", "appointment")
    .where("status", "=", "confirmed")
    .where("reminder_sent_at", "is", null)
    .where("email", "!=", "")
    .where("starts_at", ">", new Date(now).toISOString())
    .where("starts_at", "<=", new Date(now + windowMs).toISOString())
    .orderBy("starts_at")
    .execute();
  const due = candidates.filter((b) => Date.parse(b.updated_at) < Date.parse(b.starts_at) - windowMs);
  if (!due.length) return 0;
  const setting = await bookingMailSetting(db, content, links);
  return claimEachDue(db, due, async (tx, candidate) => {
    const row = await tx
      .updateTable("bookings")
      .set({ reminder_sent_at: nowIso() })
      .where("id", "=", candidate.id)
      .where("reminder_sent_at", "is", null)
      .where("status", "=", "confirmed")
      // Moved meanwhile: the next round judges the new time.
      .where("starts_at", "=", candidate.starts_at)
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    await queueClientMail(tx, setting, "reminder", row);
    return true;
  });
}

/**
 * Looks for due work (reminders, lapsed requests) when started and then every `pollMs`, until
 * stopped. `what` names it in the log.
 */
/**
 * Kicks this close together share one round: a burst of bookings (each one a kick of the waiting
 * list) costs a few rounds a second, not one round per booking beside it.
 */
const KICK_DELAY_MS = 200;

export class ReminderJob {
  private timer: NodeJS.Timeout | null = null;
  private timerDue = 0;
  private round: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private kicked = false;

  constructor(
    private readonly queueDue: () => Promise<number>,
    private readonly options: { logger: Logger; pollMs?: number; onQueued?: () => void; what?: string },
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** One round; a failure is logged (the next round tries again). Returns how many were queued. */
  async runOnce(): Promise<number> {
    try {
      const queued = await this.queueDue();
      if (queued) {
        this.options.logger.info({ queued }, `${this.options.what ?? "appointment reminders"} queued`);
        this.options.onQueued?.();
      }
      return queued;
    } catch (error) {
      this.options.logger.error({ err: String(error) }, `${this.options.what ?? "reminder"} round failed`);
      return 0;
    }
  }

  /**
   * A round soon (something it looks for may have happened): within KICK_DELAY_MS when it is
   * waiting, else that long after the round under way.
   */
  kick(): void {
    if (this.stopped) return;
    if (!this.timer) {
      this.kicked = true;
      return;
    }
    if (this.timerDue <= Date.now() + KICK_DELAY_MS) return;
    clearTimeout(this.timer);
    this.schedule(KICK_DELAY_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  private schedule(delay: number) {
    this.timerDue = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.round = this.runOnce().finally(() => {
        const again = this.kicked;
        this.kicked = false;
        if (!this.stopped) this.schedule(again ? KICK_DELAY_MS : (this.options.pollMs ?? 5 * 60_000));
      });
    }, delay);
    this.timer.unref();
  }
}
