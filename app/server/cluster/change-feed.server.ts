import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import type { Db, DialectName } from "../db/database.server";
import type { Logger } from "../logger.server";

const CHANNEL = "salon_changes";

/**
 * What changed. "bookings": a booking or a block was made, moved, cancelled or lapsed, so only
 * what shows free times is stale (the pages of live times, kept availability answers). "all":
 * something an editor can change (content, settings, staff, hours), so every cached thing is.
 */
export type ChangeScope = "all" | "bookings";

/**
 * "Something has changed": heard by every instance of the site, so each drops what the change
 * made stale. On PostgreSQL the news travels by LISTEN/NOTIFY; on SQLite there is only one
 * instance, so it stays in the process.
 */
export class ChangeFeed {
  private readonly id = randomUUID();
  private readonly listeners = new Set<(scope: ChangeScope) => void>();
  private client: pg.Client | null = null;
  private closed = false;

  private constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly databaseUrl: string | undefined,
    private readonly logger: Logger,
  ) {}

  static async start(options: {
    db: Db;
    dialect: DialectName;
    databaseUrl?: string;
    logger: Logger;
  }): Promise<ChangeFeed> {
    const feed = new ChangeFeed(options.db, options.dialect, options.databaseUrl, options.logger);
    if (feed.dialect === "postgres") await feed.listen();
    return feed;
  }

  onChange(listener: (scope: ChangeScope) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells this instance at once and every other instance through the database. */
  async publish(scope: ChangeScope = "all"): Promise<void> {
    this.emit(scope);
    if (this.dialect !== "postgres") return;
    try {
      await sql`select pg_notify(${CHANNEL}, ${`${scope}:${this.id}`})`.execute(this.db);
    } catch (error) {
      this.logger.error({ err: String(error) }, "could not announce a change to the other instances");
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private emit(scope: ChangeScope) {
    for (const listener of this.listeners) listener(scope);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL) return;
      const [scope, from] = (message.payload ?? "").split(":");
      // Anything not understood (an older instance's news) counts as a change to everything.
      if (from !== this.id) this.emit(scope === "bookings" ? "bookings" : "all");
    });
    client.on("error", (error) => {
      this.logger.warn({ err: String(error) }, "change feed connection lost; reconnecting");
      this.client = null;
      void client.end().catch(() => undefined);
      this.reconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  /** While the feed was down, changes may have been missed: forget every cache once back. */
  private reconnect(delayMs = 1000) {
    if (this.closed) return;
    setTimeout(() => {
      this.listen()
        .then(() => this.emit("all"))
        .catch(() => this.reconnect(Math.min(delayMs * 2, 30_000)));
    }, delayMs).unref();
  }
}
