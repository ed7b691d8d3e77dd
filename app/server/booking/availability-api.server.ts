import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "proxy-addr";
import type { ContentService } from "../content/content.server";
import type { ChangeFeed } from "../cluster/change-feed.server";
import { KeptAnswers } from "../cluster/kept-answers.server";
import type { Db } from "../db/database.server";
import type { Env } from "../env.server";
import type { Logger } from "../logger.server";
import { countedAddress } from "../http/client-address.server";
import { RateLimiter, TOO_MANY_REQUESTS } from "../http/rate-limit.server";
import type { RequestTarget } from "../http/request-target.server";
import { jsonSender } from "../http/security-headers.server";
import { AvailabilityQueryError, dayAvailability } from "./engine/day-availability.server";

export const AVAILABILITY_PATH = "/api/availability";

/**
 * GET /api/availability?service=hair&date=YYYY-MM-DD[&option=NAME][&staff=ID]: the free start
 * times of that day, each with the ids of the staff free then. An answer is kept per query for a
 * minute and dropped by every change (a booking, a move, a cancellation, any admin change, on every
 * instance), as the pages of live times are (decision 62): many visitors looking at the same day
 * cost one computation, and a time shown is never one already taken.
 * A visit of several services repeats `service`, `option` and `staff` in the visit's order (an
 * empty option is the service's first, an empty staff anyone): each time then also gives each
 * part's start and who is free for it.
 *
 * Like the form API it answers from Node's own request and response, before Express (server.ts
 * calls it first): a visitor's browser asks for a day at every click, and the middleware and
 * router a page needs were most of the cost of an answer (`npm run bench -- --only=booking`).
 * The answer carries the same strict headers as every JSON answer.
 *
 * Returns false for any other path, so the caller passes the request on.
 */
export function availabilityApi(
  services: {
    db: Db;
    content: ContentService;
    env: Pick<Env, "FORM_RATE_LIMIT">;
    logger: Logger;
    changes?: Pick<ChangeFeed, "onChange">;
  },
  options: { https: boolean; trustProxy: (address: string, hop: number) => boolean },
) {
  const send = jsonSender({ https: options.https });
  // A minute's answers by query, at most 200.
  const kept = new KeptAnswers<object>({ max: 200, ttlMs: 60_000 });
  services.changes?.onChange(() => kept.clear());
  // A visitor looks at many days per booking: ten times the form limit, per address.
  const lookups = new RateLimiter(services.env.FORM_RATE_LIMIT * 10, 60_000);

  return function answerAvailability(req: IncomingMessage, res: ServerResponse, target: RequestTarget): boolean {
    if (target.path !== AVAILABILITY_PATH && target.path !== `${AVAILABILITY_PATH}/`) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(res, 405, { error: "Use GET." }, ["Allow", "GET, HEAD"]);
      return true;
    }
    const limit = lookups.hit(countedAddress(proxyAddr(req, options.trustProxy) || "unknown"));
    if (!limit.allowed) {
      send(res, 429, { error: TOO_MANY_REQUESTS }, ["Retry-After", String(limit.retryAfterSeconds)]);
      return true;
    }
    const params = new URLSearchParams(target.query ?? "");
    const optionNames = params.getAll("option");
    const staffIds = params.getAll("staff").map((p) => (p && p !== "any" ? Number(p) : null));
    if (staffIds.some((id) => id !== null && !(Number.isInteger(id) && id > 0))) {
      send(res, 400, { error: "Unknown staff member." });
      return true;
    }
    const query = target.query ?? "";
    const answer = kept.get(query);
    if (answer) {
      send(res, 200, answer);
      return true;
    }
    const generation = kept.generation;
    const [first, ...more] = params.getAll("service");
    dayAvailability(services.db, services.content, {
      service: first ?? "",
      date: params.get("date") ?? "",
      option: optionNames[0] || undefined,
      staffId: staffIds[0] ?? null,
      ...(more.length
        ? {
            more: more.map((service, i) => ({
              service,
              option: optionNames[i + 1] || undefined,
              staffId: staffIds[i + 1] ?? null,
            })),
          }
        : {}),
    }).then(
      ({ service: _service, ...answer }) => {
        kept.set(query, answer, generation);
        send(res, 200, answer);
      },
      (error: unknown) => {
        if (error instanceof AvailabilityQueryError) return send(res, 400, { error: error.message });
        services.logger.error({ err: error instanceof Error ? error.stack : String(error) }, "availability failed");
        send(res, 500, { error: "Something went wrong. Please try again." });
      },
    );
    return true;
  };
}
