import type { PasswordResetLimiters } from "./auth/password-mail.server";
import type { ChangeFeed } from "./cluster/change-feed.server";
import type { KeptAnswers } from "./cluster/kept-answers.server";
import type { ContentService } from "./content/content.server";
import type { Db, DialectName } from "./db/database.server";
import type { Env } from "./env.server";
import type { FormRateLimiter } from "./http/rate-limit.server";
import type { FormServiceDeps } from "./forms/submit-form.server";
import type { Logger } from "./logger.server";
import type { OutboxWorker } from "./mail/outbox.server";
import type { BookingFigures } from "./reports/reports.server";

/**
 * The server's long-lived services, as the modules that use them see them. Declared here, below
 * every module, so a module imports the shape and not the composition root (services.server.ts,
 * which builds them and imports the modules).
 */
export interface AppServices {
  env: Env;
  db: Db;
  dialect: DialectName;
  logger: Logger;
  content: ContentService;
  forms: FormServiceDeps;
  /** Online bookings per client address (BOOKING_RATE_LIMIT a day), besides the form limit. */
  bookingLimiter: FormRateLimiter;
  /** "Forgot password?" requests per account address and per client address. */
  resetLimiters: PasswordResetLimiters;
  outbox: OutboxWorker;
  /** Editor changes, heard by every instance (each drops its caches). */
  changes: ChangeFeed;
  /** The reports' figures from bookings, per range and day, emptied by every change (decision 65). */
  reportFigures: KeptAnswers<BookingFigures>;
  /** The site's own origin for links in e-mails and canonical URLs. */
  publicUrl: string;
}
