import fs from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Transporter } from "nodemailer";
import { nowIso, type Db, type DbOrTx, type DialectName } from "../db/database.server";
import type { MailKind, MailOutboxRow } from "../db/schema";
import { emailKey } from "~/lib/forms/contact-keys";
import type { Logger } from "../logger.server";

export interface OutgoingMail {
  to: string;
  subject: string;
  /**
   * The text; null to have it written when the mail is sent: from `composeInput` by the worker's
   * `writeMail` (a booking's mails), else by its composer (a submission's: see
   * compose-submission-mail.server.ts).
   */
  text: string | null;
  /** An HTML alternative of the same message (escape every inserted text). */
  html?: string | null;
  replyTo?: string | null;
  submissionId?: number | null;
  kind?: MailKind | null;
  /** An iCalendar text (with its METHOD) sent as the message's calendar part. */
  calendar?: string | null;
  /**
   * With `text` null: what the text, HTML and calendar part are written from when the mail is sent
   * (JSON, read by the worker's `writeMail`), so the change that queues the mail does not spend its
   * time writing them.
   */
  composeInput?: string | null;
  /**
   * Why the mail is stored as not sent (failed) instead of queued: the daily bound per recipient
   * (see recipient-bound.server.ts). Null or absent: queued to be sent.
   */
  heldBack?: string | null;
}

/** Queues a mail; call it inside the transaction that stores what the mail is about. */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values(outboxRow(mail, nowIso()))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Queues several mails with one statement (a batch of submissions' mails). */
export async function enqueueMails(db: DbOrTx, mails: OutgoingMail[]): Promise<void> {
  if (!mails.length) return;
  const now = nowIso();
  await db
    .insertInto("mail_outbox")
    .values(mails.map((mail) => outboxRow(mail, now)))
    .execute();
}

/** The outbox row that queues `mail` (pending, due now; or failed with the reason it is held back). */
export function outboxRow(mail: OutgoingMail, now: string) {
  return {
    to_address: mail.to,
    // A mail without a recipient is left to the database to refuse (to_address is NOT NULL).
    to_key: typeof mail.to === "string" ? emailKey(mail.to) : "",
    reply_to: mail.replyTo ?? null,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    kind: mail.kind ?? null,
    calendar_body: mail.calendar ?? null,
    compose_input: mail.composeInput ?? null,
    status: mail.heldBack ? ("failed" as const) : ("pending" as const),
    last_error: mail.heldBack ?? null,
    attempts: 0,
    next_attempt_at: now,
    submission_id: mail.submissionId ?? null,
    created_at: now,
  };
}

/** A mail's body, written when it is sent; or why it is not sent at all. */
export type ComposedMail = { text: string; html: string | null } | { notSent: string };

/** A mail written from its stored input (compose_input): its text, HTML and calendar part. */
export type WrittenMail = { text: string; html: string | null; calendar: string | null };

/** Writes the bodies of queued mails stored without one (text_body NULL), in their order. */
export type MailComposer = (mails: MailOutboxRow[]) => Promise<ComposedMail[]>;

/**
 * Marks a record's unsent mails as not to be sent, with the reason (call it in the transaction
 * that deletes the record they are about).
 */
export async function cancelPendingMails(db: DbOrTx, submissionId: number, reason: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ status: "failed", last_error: reason })
    .where("submission_id", "=", submissionId)
    .where("status", "=", "pending")
    .execute();
}

export type OutboxInsert = ReturnType<typeof outboxRow>;

export interface MailTransport {
  readonly kind: "smtp" | "file";
  send(mail: MailOutboxRow, from: string): Promise<void>;
}

/** nodemailer is loaded with the first mail sent, not at every start of the server. */
function lazyTransporter(create: (nodemailer: typeof import("nodemailer").default) => Transporter) {
  let transporter: Promise<Transporter> | undefined;
  return () => (transporter ??= import("nodemailer").then((module) => create(module.default)));
}

/** Real delivery through SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpTransport(url: string): MailTransport {
  const transporter = lazyTransporter((nodemailer) => nodemailer.createTransport(url));
  return {
    kind: "smtp",
    async send(mail, from) {
      await (await transporter()).sendMail(messageOf(mail, from));
    },
  };
}

/** Without SMTP: each mail becomes an .eml file in DATA_DIR/outbox, readable by any mail client. */
export function fileTransport(dir: string, logger: Logger): MailTransport {
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  return {
    kind: "file",
    async send(mail, from) {
      const info = await (await transporter()).sendMail(messageOf(mail, from));
      const file = path.join(dir, `${mail.created_at.replace(/[:.]/g, "-")}-${mail.id}.eml`);
      try {
        await fs.writeFile(file, info.message as Buffer);
      } catch (error) {
        // The directory is made the first time (and again if someone removed it), not per mail.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(file, info.message as Buffer);
      }
      logger.info({ mailId: mail.id, to: mail.to_address, subject: mail.subject, file }, "mail written to outbox");
    },
  };
}

function messageOf(mail: MailOutboxRow, from: string) {
  return {
    from,
    to: mail.to_address,
    replyTo: mail.reply_to ?? undefined,
    subject: mail.subject,
    text: mail.text_body ?? "",
    html: mail.html_body ?? undefined,
    icalEvent: mail.calendar_body
      ? { method: calendarMethod(mail.calendar_body), filename: "invite.ics", content: mail.calendar_body }
      : undefined,
  };
}

/** The METHOD of an iCalendar text (mail clients offer to add or update the event by it). */
function calendarMethod(calendar: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(calendar)?.[1] ?? "PUBLISH";
}

type Failure = { mail: MailOutboxRow; error: unknown };

const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Delay before the next try: 30 s doubling per attempt, at most an hour. Never gives up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** How soon a queued mail is picked up (kick): short, and long enough to gather a burst. */
const KICK_DELAY_MS = 100;
/**
 * While the server is busy (its event loop was more than this share busy since the last round),
 * the next round waits BUSY_REST_MS: mail is background work and waits for visitors, not the
 * other way round. A flood of submissions is answered first; its mail follows once it ebbs.
 * (At 80 % the mail still took a share of a flood's CPU; at half, steady load's p99 halved.)
 */
const BUSY_UTILIZATION = 0.5;
const BUSY_REST_MS = 1000;
/** How long a claimed mail is left to its worker before another may retry it. */
const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Delivers queued mail. A failed delivery stays pending with a later next_attempt_at, so a mail
 * server that is down loses nothing: the mail goes out when it is back.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private timerDue = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** The last round claimed a full batch. */
  private moreDue = false;
  /** No round starts before this time (the server was busy). */
  private restUntil = 0;
  private lastLoopSample = performance.eventLoopUtilization();

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly options: {
      from: string;
      logger: Logger;
      pollMs?: number;
      batch?: number;
      dialect?: DialectName;
      /** Writes the bodies of mails queued without one; required once such mail is queued. */
      compose?: MailComposer;
      /** Writes a mail from its compose_input; required once such mail is queued. */
      writeMail?: (input: string) => WrittenMail;
    },
  ) {}

  private get batchSize(): number {
    return this.options.batch ?? 20;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a delivery round soon (after a mail was queued), without waiting for the poll. */
  kick(): void {
    if (this.stopped) return;
    // A round already due within the delay will take this mail too: under a burst of
    // submissions one round (one claim transaction) serves many mails instead of one each.
    const due = Math.max(Date.now() + KICK_DELAY_MS, this.restUntil);
    if (this.timer && this.timerDue <= due) return;
    this.schedule(due - Date.now());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.chain;
  }

  /** One delivery round: every due mail, oldest first. Rounds never overlap. Returns how many were sent. */
  deliverDue(): Promise<number> {
    const round = this.chain.then(() => this.round());
    this.chain = round.catch(() => undefined);
    return round;
  }

  private async round(): Promise<number> {
    const due = await this.claimDue();
    // A full batch means more may be waiting (a burst, or SMTP back after an outage): go on
    // soon instead of at the next poll.
    this.moreDue = due.length === this.batchSize;
    const sent: number[] = [];
    const { ready, failed, notSent } = await this.withBodies(due);
    for (const mail of ready) {
      if (this.stopped) break;
      try {
        await this.transport.send(mail, this.options.from);
        sent.push(mail.id);
      } catch (error) {
        failed.push({ mail, error });
      }
    }
    await this.record(sent, failed, notSent);
    return sent.length;
  }

  /**
   * The claimed mails with their bodies: those stored without one are written now, from their
   * stored input or by the composer. When that fails (the database is away), they count as a
   * failed attempt and are retried like a delivery; a mail whose record is gone is not sent.
   */
  private async withBodies(due: MailOutboxRow[]): Promise<{
    ready: MailOutboxRow[];
    failed: Failure[];
    notSent: { mail: MailOutboxRow; reason: string }[];
  }> {
    const ready: MailOutboxRow[] = [];
    const failed: Failure[] = [];
    const notSent: { mail: MailOutboxRow; reason: string }[] = [];
    const bodiless: MailOutboxRow[] = [];
    for (const mail of due) {
      if (mail.text_body !== null) ready.push(mail);
      else if (mail.compose_input === null) bodiless.push(mail);
      else {
        try {
          if (!this.options.writeMail) throw new Error("no writer for a mail queued with its input");
          const { text, html, calendar } = this.options.writeMail(mail.compose_input);
          ready.push({ ...mail, text_body: text, html_body: html, calendar_body: calendar });
        } catch (error) {
          failed.push({ mail, error });
        }
      }
    }
    if (!bodiless.length) return { ready, failed, notSent };
    try {
      if (!this.options.compose) throw new Error("no composer for a mail queued without a body");
      const composed = await this.options.compose(bodiless);
      bodiless.forEach((mail, i) => {
        const body = composed[i];
        if ("notSent" in body) notSent.push({ mail, reason: body.notSent });
        else ready.push({ ...mail, text_body: body.text, html_body: body.html });
      });
    } catch (error) {
      failed.push(...bodiless.map((mail) => ({ mail, error })));
    }
    return { ready, failed, notSent };
  }

  /**
   * Writes a round's outcomes in one transaction: one commit per round instead of one per mail.
   * A crash before it leaves the round's mails claimed; they go out again after the lease, so a
   * crash may send up to one round twice but never loses a mail. Mails not tried (the worker was
   * stopped) are left to the lease too.
   */
  private async record(
    sent: number[],
    failed: Failure[],
    notSent: { mail: MailOutboxRow; reason: string }[],
  ): Promise<void> {
    if (!sent.length && !failed.length && !notSent.length) return;
    const now = nowIso();
    const write = async (db: DbOrTx) => {
      if (sent.length) {
        await db
          .updateTable("mail_outbox")
          .set((eb) => ({ status: "sent", attempts: eb("attempts", "+", 1), sent_at: now, last_error: null }))
          .where("id", "in", sent)
          .execute();
      }
      for (const { mail, error } of failed) {
        const attempts = mail.attempts + 1;
        this.options.logger.warn({ mailId: mail.id, attempts, err: String(error) }, "mail delivery failed; will retry");
        await db
          .updateTable("mail_outbox")
          .set({
            attempts,
            next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
            last_error: String(error).slice(0, 1000),
          })
          .where("id", "=", mail.id)
          .execute();
      }
      for (const { mail, reason } of notSent) {
        this.options.logger.warn({ mailId: mail.id, reason }, "mail not sent");
        await db
          .updateTable("mail_outbox")
          .set({ status: "failed", last_error: reason })
          .where("id", "=", mail.id)
          .execute();
      }
    };
    await this.db.transaction().execute(write);
  }

  /**
   * Takes the due mails for this worker: in one transaction, the rows are read and their next
   * attempt pushed past a lease, so another instance's worker skips them (on PostgreSQL the rows
   * are also locked with SKIP LOCKED while claimed). A worker that dies mid-delivery leaves the mail
   * to be retried once the lease is over.
   */
  private claimDue(): Promise<MailOutboxRow[]> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom("mail_outbox")
        .selectAll()
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", nowIso())
        // The order of the (status, next_attempt_at) index: the longest-due mail first, read
        // straight from the index. Ordering by id alone sorted every pending row on each round,
        // which grew with a backlog.
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(this.batchSize);
      if (this.options.dialect === "postgres") query = query.forUpdate().skipLocked();
      const rows = await query.execute();
      if (rows.length) {
        const lease = new Date(Date.now() + CLAIM_LEASE_MS).toISOString();
        await trx
          .updateTable("mail_outbox")
          .set({ next_attempt_at: lease })
          .where(
            "id",
            "in",
            rows.map((r) => r.id),
          )
          .execute();
      }
      return rows;
    });
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.deliverDue()
        .catch((error) => this.options.logger.error({ err: String(error) }, "outbox round failed"))
        .finally(() => {
          if (this.stopped || this.timer) return;
          const loop = performance.eventLoopUtilization(this.lastLoopSample);
          this.lastLoopSample = performance.eventLoopUtilization();
          if (loop.utilization > BUSY_UTILIZATION) this.restUntil = Date.now() + BUSY_REST_MS;
          // With more due, the next round follows after the kick delay rather than at once: a
          // backlog must not take the CPU from visitors' requests.
          const delay = this.moreDue ? KICK_DELAY_MS : (this.options.pollMs ?? 15_000);
          this.schedule(Math.max(delay, this.restUntil - Date.now()));
        });
    }, delay);
    this.timer.unref();
  }
}
