import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "proxy-addr";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import type { Logger } from "../logger.server";
import { readBody, refusedPost } from "../http/raw-request.server";
import type { RequestTarget } from "../http/request-target.server";
import { jsonSender } from "../http/security-headers.server";
import { submitForm, utmFrom, type FormServiceDeps } from "./submit-form.server";

export const SUBMIT_FORM_PATH = "/api/submit-form";

export interface SubmitFormApiOptions {
  bodyLimitBytes: number;
  /** The site is served over https: HSTS and upgrades apply. */
  https: boolean;
  /** Express's compiled TRUST_PROXY ("trust proxy fn"): which hops may name the client. */
  trustProxy: (address: string, hop: number) => boolean;
  /** Origins besides the request's own that may post (PUBLIC_URL). */
  allowedOrigins: () => string[];
}

/**
 * POST /api/submit-form — the JSON form API (README, Form API): 200 {"id"} when stored,
 * 400 {"error","fieldErrors"} when invalid, 403 cross-site, 413 too large, 429 too many.
 *
 * It answers from Node's own request and response, before Express (server.ts calls it first):
 * it renders nothing, and under load the middleware stack a page needs was most of its cost (see
 * `npm run bench`). It applies the same rules as that stack, from the same functions: strict
 * headers, the same-origin check, the body size limit. The page forms' actions and
 * /api/forms/{name} store through the same submitForm.
 *
 * Returns false for any other path, so the caller passes the request on.
 */
export function submitFormApi(deps: FormServiceDeps, options: SubmitFormApiOptions) {
  const send = jsonSender({ https: options.https });

  return function answerSubmitForm(req: IncomingMessage, res: ServerResponse, { path }: RequestTarget): boolean {
    if (path !== SUBMIT_FORM_PATH && path !== `${SUBMIT_FORM_PATH}/`) return false;

    if (refusedPost(req, res, send, options, (error) => ({ error, fieldErrors: {} }))) return true;
    const headers = req.headers;
    const encoding = (headers["content-encoding"] ?? "identity").toLowerCase();
    if (encoding !== "identity") {
      send(res, 415, { error: "Send the body without a Content-Encoding.", fieldErrors: {} });
      return true;
    }

    readBody(req, options.bodyLimitBytes)
      .then(
        (text) => {
          if (text === null) {
            send(res, 413, { error: "The request is too large.", fieldErrors: {} });
            return;
          }
          return answer(deps, req, text, options.trustProxy).then(({ status, body, extra }) =>
            send(res, status, body, extra),
          );
        },
        () => {
          // The client went away (or broke the stream) before the body was whole: nobody to answer.
          if (!res.headersSent) res.destroy();
        },
      )
      .catch((error: unknown) => {
        logError(deps.logger, error);
        if (!res.headersSent)
          send(res, 500, { error: "Something went wrong on our side. Please try again.", fieldErrors: {} });
        else res.destroy();
      });
    return true;
  };
}

function logError(logger: Logger, error: unknown) {
  logger.error({ err: error instanceof Error ? error.stack : String(error) }, "form API request failed");
}

/** No form needs more than its fields and one `utm` object; deeper bodies are refused at once. */
const MAX_JSON_DEPTH = 8;

/** Whether a parsed JSON value nests objects or arrays deeper than `max`, checked without recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

async function answer(
  deps: FormServiceDeps,
  req: IncomingMessage,
  text: string,
  trustProxy: (address: string, hop: number) => boolean,
): Promise<{ status: number; body: unknown; extra?: string[] }> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, body: { error: "The body must be JSON.", fieldErrors: {} } };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return { status: 400, body: { error: "The body must be a JSON object.", fieldErrors: {} } };
  }
  if (nestedDeeperThan(body, MAX_JSON_DEPTH)) {
    return { status: 400, body: { error: "The body is nested too deeply.", fieldErrors: {} } };
  }
  const record = body as Record<string, unknown>;
  const result = await submitForm(deps, record, {
    clientIp: proxyAddr(req, trustProxy) || "unknown",
    userAgent: req.headers["user-agent"] ?? null,
    referrer: req.headers.referer ?? null,
    pagePath: typeof record.pagePath === "string" ? record.pagePath : null,
    utm: utmFrom(typeof record.utm === "object" && record.utm ? (record.utm as Record<string, unknown>) : record),
    honeypot: typeof record[HONEYPOT_FIELD] === "string" ? (record[HONEYPOT_FIELD] as string) : null,
  });
  if (result.ok) return { status: 200, body: { id: result.id } };
  if (result.status === 429) {
    return {
      status: 429,
      body: { error: result.error, fieldErrors: {} },
      extra: ["Retry-After", String(result.retryAfterSeconds)],
    };
  }
  return { status: 400, body: { error: result.error, fieldErrors: result.fieldErrors } };
}
