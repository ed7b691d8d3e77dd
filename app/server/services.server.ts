import path from "node:path";
import type { AppServices } from "./app-services";
import { ensureFirstAdmin } from "./auth/first-admin.server";
import { passwordResetLimiters } from "./auth/password-mail.server";
import { bookingLimiter } from "./booking/engine/booking-limit.server";
import { siteBookingLinks } from "./booking/notices/manage-link.server";
import { writeQueuedBookingMail } from "./booking/notices/queued-booking-mail.server";
import { queueDueReminders, ReminderJob } from "./booking/notices/reminders.server";
import { expireRequests } from "./booking/commands/request-expiry.server";
import { queueSalonNotices } from "./booking/notices/salon-notices.server";
import { offerFreedTimes } from "./booking/waitlist/waitlist.server";
import { ChangeFeed } from "./cluster/change-feed.server";
import { KeptAnswers } from "./cluster/kept-answers.server";
import { ContentService } from "./content/content.server";
import { keepPlannerStatistics, migrateToLatest, openDatabase, type DatabaseHandle } from "./db/database.server";
import { seedDefaults } from "./content/seed.server";
import type { Env } from "./env.server";
import { DatabaseRateLimiter, RateLimiter } from "./http/rate-limit.server";
import { SqliteSubmissionThread } from "./forms/sqlite-submission-thread.server";
import { SubmissionWriter } from "./forms/submission-writer.server";
import { createLogger, type Logger } from "./logger.server";
import { submissionMailComposer } from "./mail/compose-submission-mail.server";
import { fileTransport, OutboxWorker, smtpTransport } from "./mail/outbox.server";
import type { BookingFigures } from "./reports/reports.server";

/**
 * Opens the database, migrates, seeds, makes sure an admin exists and starts the mail worker:
 * everything the server needs before it takes its first request.
 */
export async function startServices(
  env: Env,
  logger: Logger = createLogger(env.LOG_LEVEL),
): Promise<{
  services: AppServices;
  close: () => Promise<void>;
}> {
  const handle: DatabaseHandle = openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    backgroundCheckpoints: true,
    warn: (message) => logger.warn(message),
  });
  const { db } = handle;
  await migrateToLatest(db);
  await seedDefaults(db);
  await ensureFirstAdmin(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, logger, dialect: handle.dialect });
  const stopStatistics = keepPlannerStatistics(db, handle.dialect, { warn: (message) => logger.warn(message) });

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const content = new ContentService(db, logger);
  const transport = env.SMTP_URL
    ? smtpTransport(env.SMTP_URL)
    : fileTransport(path.join(env.dataDir, "outbox"), logger);
  const from = env.MAIL_FROM ?? `Website <no-reply@${new URL(publicUrl).hostname}>`;
  const outbox = new OutboxWorker(db, transport, {
    from,
    logger,
    dialect: handle.dialect,
    pollMs: env.OUTBOX_POLL_MS,
    compose: submissionMailComposer({ db, content, publicUrl }),
    writeMail: writeQueuedBookingMail,
  });
  outbox.start();
  const links = siteBookingLinks({ env, publicUrl });
  const reminders = new ReminderJob(() => queueDueReminders(db, content, links), {
    logger,
    onQueued: () => outbox.kick(),
  });
  reminders.start();
  // Requests that lapse soon, and the daily agenda at opening time.
  const salonNotices = new ReminderJob(() => queueSalonNotices(db, content, links), {
    logger,
    what: "salon booking notices",
    onQueued: () => outbox.kick(),
  });
  salonNotices.start();
  const changes = await ChangeFeed.start({ db, dialect: handle.dialect, databaseUrl: env.DATABASE_URL, logger });
  // A booking changes no content: only an editor's change (or news missed while away) does.
  changes.onChange((scope) => scope === "all" && content.invalidate());
  // Expiry frees times: it announces them on the change feed (cached pages that list free times are dropped everywhere).
  const expiry = new ReminderJob(() => expireRequests(db, content, siteBookingLinks({ env, publicUrl, changes })), {
    logger,
    what: "lapsed booking requests",
    onQueued: () => outbox.kick(),
  });
  expiry.start();
  // The waiting list: every minute, and at once when any change is announced (a booking cancelled,
  // moved or lapsed, a block or closure removed, hours changed) on this instance or another.
  const waitlist = new ReminderJob(() => offerFreedTimes(db, content, siteBookingLinks({ env, publicUrl, changes })), {
    logger,
    pollMs: 60_000,
    what: "waiting list offers",
    onQueued: () => outbox.kick(),
  });
  waitlist.start();
  changes.onChange(() => waitlist.kick());
  // Every change to a booking queues its e-mails in its transaction: they go out now, not at the next poll.
  changes.onChange((scope) => scope === "bookings" && outbox.kick());
  // A report's figures for a minute at most; every announced change drops them.
  const reportFigures = new KeptAnswers<BookingFigures>({ max: 20, ttlMs: 60_000 });
  changes.onChange(() => reportFigures.clear());

  // SQLite: submissions are committed from a thread of their own (see sqlite-submission-thread).
  const submissionThread = handle.sqliteFile
    ? new SqliteSubmissionThread(handle.sqliteFile, { autoCheckpoint: false, warn: (message) => logger.warn(message) })
    : undefined;
  const services: AppServices = {
    env,
    db,
    dialect: handle.dialect,
    logger,
    content,
    outbox,
    changes,
    reportFigures,
    publicUrl,
    bookingLimiter: bookingLimiter(db, handle.dialect, env.BOOKING_RATE_LIMIT),
    resetLimiters: passwordResetLimiters(db, handle.dialect),
    forms: {
      db,
      content,
      logger,
      // One instance on SQLite counts in memory; instances sharing PostgreSQL count together.
      rateLimiter:
        handle.dialect === "postgres"
          ? new DatabaseRateLimiter(db, env.FORM_RATE_LIMIT, 60_000)
          : new RateLimiter(env.FORM_RATE_LIMIT, 60_000),
      notifyEmail: env.NOTIFY_EMAIL,
      publicUrl,
      onMailQueued: () => outbox.kick(),
      submissions: new SubmissionWriter(db, submissionThread),
    },
  };
  logger.info({ database: handle.dialect, mail: transport.kind }, "services started");
  return {
    services,
    close: async () => {
      stopStatistics();
      await reminders.stop();
      await salonNotices.stop();
      await expiry.stop();
      await waitlist.stop();
      await outbox.stop();
      await submissionThread?.stop();
      await changes.close();
      await handle.close();
    },
  };
}
