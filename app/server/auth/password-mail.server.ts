import type { ContentService } from "../content/content.server";
import type { DbOrTx, Db, DialectName } from "../db/database.server";
import type { Role } from "../db/schema";
import { countedAddress } from "../http/client-address.server";
import { DatabaseRateLimiter, RateLimiter, type FormRateLimiter } from "../http/rate-limit.server";
import type { Logger } from "../logger.server";
import { enqueueMail, type OutboxWorker } from "../mail/outbox.server";
import { createPasswordLink, passwordLinkPath } from "./password-links.server";
import { waitText } from "./throttle.server";
import { findUserByEmail, normalizeEmail } from "./users.server";

/**
 * The e-mails that carry a password link: the invitation a new user gets, and the reset link of
 * "Forgot password?". Both go through the outbox like every mail.
 */

/** What the mails read of the server's services (AppServices has them). */
interface MailServices {
  content: ContentService;
  /** The site's own origin, for the link. */
  publicUrl: string;
}

/**
 * The salon's name as the mails give it. Read it before the transaction that queues the mail: on
 * SQLite the content's read waits for the one connection a transaction holds.
 */
export async function salonName(services: Pick<MailServices, "content">): Promise<string> {
  const name = (await services.content.getPage("contact")).business_name;
  return typeof name === "string" && name.trim() ? name.trim() : "the salon";
}

/** Queues the invitation of a new user (a fresh link, replacing any earlier one). */
export async function sendInvitation(
  db: DbOrTx,
  services: Pick<MailServices, "publicUrl">,
  invite: { userId: number; email: string; role: Role; invitedBy: string; salon: string },
): Promise<void> {
  const token = await createPasswordLink(db, invite.userId, "invite");
  const name = invite.salon;
  const url = services.publicUrl + passwordLinkPath(token);
  await enqueueMail(db, {
    to: invite.email,
    subject: `You are invited to the ${name} admin`,
    text: [
      "Hello,",
      "",
      `${invite.invitedBy} added you to the website admin of ${name} as ${invite.role === "admin" ? "an admin" : "an editor"}.`,
      "",
      "Choose your password here (the link works once, for 48 hours):",
      url,
      "",
      `Afterwards you sign in at ${services.publicUrl}/admin/login with ${invite.email}.`,
      "",
      "If you did not expect this e-mail, you can ignore it.",
    ].join("\n"),
  });
}

/** A password reset link for a user (replacing any earlier one). */
async function sendResetLink(db: DbOrTx, services: MailServices, user: { id: number; email: string }) {
  const name = await salonName(services);
  const token = await createPasswordLink(db, user.id, "reset");
  await enqueueMail(db, {
    to: user.email,
    subject: `Reset your password for the ${name} admin`,
    text: [
      "Hello,",
      "",
      `Someone asked to reset the password of the ${name} admin account ${user.email}.`,
      "",
      "Choose a new password here (the link works once, for 1 hour):",
      services.publicUrl + passwordLinkPath(token),
      "",
      "If it was not you, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
}

/**
 * Reset requests per account address and per client address, and set-password links that open
 * nothing (a guessed or mistyped token) per client address, each in any hour.
 */
export const RESET_LIMITS = {
  perAccount: 3,
  perClient: 10,
  wrongLinksPerClient: 10,
  windowMs: 60 * 60 * 1000,
} as const;

export interface PasswordResetLimiters {
  perAccount: FormRateLimiter;
  perClient: FormRateLimiter;
  wrongLinks: FormRateLimiter;
}

/** The server's reset limits: in memory on SQLite (one instance), shared on PostgreSQL. */
export function passwordResetLimiters(db: Db, dialect: DialectName): PasswordResetLimiters {
  const limiter = (limit: number, scope: string) =>
    dialect === "postgres"
      ? new DatabaseRateLimiter(db, limit, RESET_LIMITS.windowMs, Date.now, scope)
      : new RateLimiter(limit, RESET_LIMITS.windowMs);
  return {
    perAccount: limiter(RESET_LIMITS.perAccount, "reset-account"),
    perClient: limiter(RESET_LIMITS.perClient, "reset-client"),
    wrongLinks: limiter(RESET_LIMITS.wrongLinksPerClient, "wrong-password-link"),
  };
}

/** The refusal of a client past the reset or wrong-link limit. */
export const tooManyFromClient = (seconds: number) =>
  `Too many requests from your connection. Please wait ${waitText(seconds)} before trying again.`;

/** What "Forgot password?" answers, whether the account exists or not. */
export const RESET_REQUESTED =
  "If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for 1 hour.";

export type ResetRequestResult =
  { sent: true; mailLink: () => Promise<void> } | { sent: false; retryAfterSeconds: number };

/**
 * "Forgot password?": mails a reset link when the address is a staff account's. The answer is the
 * same for any address; past the limit for one address nothing more is sent to it (still the same
 * answer), past the limit for one client the client is told to wait.
 *
 * The answer does not wait for the link: looking the address up, making the link and queuing its
 * mail are `mailLink`, for the caller to run once the answer has been sent. Done before it, they
 * made an existing account's answer measurably slower (16 ms against 11 ms on the shared machine),
 * which told anyone timing the page which addresses have accounts. `mailLink` never rejects: a
 * failure is logged.
 */
export async function requestPasswordReset(
  services: MailServices & { db: Db; outbox: OutboxWorker; logger: Logger; resetLimiters: PasswordResetLimiters },
  input: { email: string; ip: string },
): Promise<ResetRequestResult> {
  const { db, logger, resetLimiters } = services;
  const client = await resetLimiters.perClient.hit(countedAddress(input.ip));
  if (!client.allowed) {
    logger.warn({ ip: input.ip }, "password reset refused: too many requests from this client");
    return { sent: false, retryAfterSeconds: client.retryAfterSeconds };
  }
  const email = normalizeEmail(input.email);
  const mailLink = async () => {
    try {
      const account = await resetLimiters.perAccount.hit(email);
      if (!account.allowed) {
        logger.warn({ email, ip: input.ip }, "password reset not sent: too many requests for this address");
        return;
      }
      const user = await findUserByEmail(db, email);
      // Only someone who can sign in gets a link; anyone else gets the same answer and no e-mail.
      if (user?.role === "admin" || user?.role === "editor") {
        await sendResetLink(db, services, user);
        services.outbox.kick();
        logger.info({ email }, "password reset link sent");
      }
    } catch (error) {
      logger.error({ err: error, email }, "password reset link failed");
    }
  };
  return { sent: true, mailLink };
}
