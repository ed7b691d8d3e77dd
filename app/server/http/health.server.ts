import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "kysely";
import type { DbOrTx } from "../db/database.server";
import type { Logger } from "../logger.server";
import type { RequestTarget } from "./request-target.server";
import { jsonSender } from "./security-headers.server";

/**
 * GET /healthz: 200 {"ok":true} while the database answers, 503 otherwise. Answered before
 * Express and everything else, so a monitor's probe waits for nothing but the database.
 * Returns whether it answered.
 */
export function healthCheck(db: DbOrTx, logger: Logger, options: { https: boolean }) {
  const send = jsonSender(options);
  return (req: IncomingMessage, res: ServerResponse, target: RequestTarget): boolean => {
    if (target.path !== "/healthz" || (req.method !== "GET" && req.method !== "HEAD")) return false;
    sql`select 1`.execute(db).then(
      () => send(res, 200, { ok: true }),
      (error: unknown) => {
        logger.error({ err: String(error) }, "health check failed");
        send(res, 503, { ok: false });
      },
    );
    return true;
  };
}
