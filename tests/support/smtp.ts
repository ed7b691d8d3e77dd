/**
 * A real SMTP server on 127.0.0.1 (random port, no TLS, no auth) that keeps every message it
 * receives, and a small parser for the plain-text mails the product sends.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A local SMTP server that keeps what it receives; on `port` when given, else a free one. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const split = part.indexOf("\n\n");
  const head = (split < 0 ? part : part.slice(0, split)).replace(/\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: split < 0 ? "" : part.slice(split + 2) };
}

function decodeBody(body: string, encoding = "7bit"): string {
  let text = body;
  if (encoding.toLowerCase() === "quoted-printable") {
    const bytes = text
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, "latin1").toString("utf8");
  } else if (encoding.toLowerCase() === "base64") {
    text = Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return text.replace(/\n$/, "");
}

/**
 * Headers (lower-cased names, unfolded) and the decoded text body of a message; for a
 * multipart/alternative message, the text/plain part as `text` and the text/html part as `html`.
 */
export function parseMail(raw: string): { headers: Record<string, string>; text: string; html?: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const { headers, body } = splitHeaders(normalized);
  const boundary = /multipart\/[a-z]+;.*boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) return { headers, text: decodeBody(body, headers["content-transfer-encoding"]) };
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith("--"))
    .map((p) => splitHeaders(p.replace(/^\n/, "").replace(/\n$/, "")));
  const part = (type: string) => parts.find((p) => (p.headers["content-type"] ?? "").toLowerCase().startsWith(type));
  const text = part("text/plain");
  const html = part("text/html");
  return {
    headers,
    text: text ? decodeBody(text.body, text.headers["content-transfer-encoding"]) : "",
    html: html ? decodeBody(html.body, html.headers["content-transfer-encoding"]) : undefined,
  };
}
