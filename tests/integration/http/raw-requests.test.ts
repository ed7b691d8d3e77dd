/**
 * What arrives from clients that are not browsers, sent byte for byte over a raw socket: odd
 * request lines and headers (scanners and bots send them all day) each get an answer, a 4xx where
 * there is one, and the server serves on; senders of slow headers are cut off; and requests that
 * came through a proxy the site was not told to trust make it say so in the log.
 */
import net from "node:net";
import { describe, expect, it, vi } from "vitest";
import { useTestServer } from "../../support/test-server";

interface RawAnswer {
  /** The status of the answer, or null when the server closed the connection without one. */
  status: number | null;
  /** The status line and headers, as sent. */
  head: string;
}

/**
 * Sends the bytes as they are on a new connection and reads what comes back until the server closes
 * it (every request here says `Connection: close` or is one the server refuses).
 */
function sendRaw(port: number, what: string, bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`${what}: the server neither answered nor closed the connection within 10 s`));
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The server may close while we still write: what it answered is what counts.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const head = text.split("\r\n\r\n", 1)[0];
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1];
      resolve({ status: status ? Number(status) : null, head });
    });
    // Not end(): Node's server closes a connection its client half-closed without waiting for the answer.
    socket.write(bytes);
  });
}

const request = (line: string, headers = "Host: 127.0.0.1\r\n") => `${line}\r\n${headers}Connection: close\r\n\r\n`;
const post = (target: string, body: string) =>
  request(
    `POST ${target} HTTP/1.1`,
    `Host: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`,
  ) + body;
const withHeaderBytes = (bytes: number[]) =>
  Buffer.concat([
    Buffer.from("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Odd: a"),
    Buffer.from(bytes),
    Buffer.from("b\r\nConnection: close\r\n\r\n"),
  ]);

/** [what, the bytes sent, the status expected (null: the connection closed without an answer)]. */
const ODD_REQUESTS: [string, string | Buffer, number | null][] = [
  // Each of these five ended the process (the availability API took `//…` for a host name).
  ["GET //", request("GET // HTTP/1.1"), 301],
  ["GET /\\", request("GET /\\ HTTP/1.1"), 400],
  ["GET //%zz", request("GET //%zz HTTP/1.1"), 400],
  ["GET //x:99999", request("GET //x:99999 HTTP/1.1"), 301],
  ["GET //[", request("GET //[ HTTP/1.1"), 301],
  ["HEAD //", request("HEAD // HTTP/1.1"), 301],
  // A backslash kept in a redirect would send browsers to another site (`/\evil.example` is `//evil.example`).
  ["GET /\\evil.example/", request("GET /\\evil.example/ HTTP/1.1"), 400],
  // Not a host: the path `//evil.example/api/availability`, sent to its one address like any doubled slash.
  [
    "GET //evil.example/api/availability?…",
    request("GET //evil.example/api/availability?service=hair&date=2026-12-01 HTTP/1.1"),
    301,
  ],
  ["GET * (asterisk-form)", request("GET * HTTP/1.1"), 400],
  ["OPTIONS * (asterisk-form)", request("OPTIONS * HTTP/1.1"), 400],
  ["GET http://evil.example/ (absolute-form)", request("GET http://evil.example/ HTTP/1.1"), 400],
  ["POST http://127.0.0.1/api/submit-form (absolute-form)", post("http://127.0.0.1/api/submit-form", "{}"), 400],
  // Node closes a CONNECT it has no handler for.
  [
    "CONNECT example.com:443 (authority-form)",
    "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    null,
  ],
  ["a 20 KB target", request(`GET /${"a".repeat(20 * 1024)} HTTP/1.1`), 431],
  ["a 100 KB target", request(`GET /?q=${"%41".repeat(34 * 1024)} HTTP/1.1`), 431],
  ["method FOO", request("FOO / HTTP/1.1"), 400],
  ["method BREW", request("BREW /pot HTTP/1.1"), 400],
  ["method PROPFIND", request("PROPFIND / HTTP/1.1"), 405],
  ["bare LF line endings", "GET / HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n", 400],
  ["two Host headers", request("GET / HTTP/1.1", "Host: 127.0.0.1\r\nHost: evil.example\r\n"), 400],
  ["a header with 0x00", withHeaderBytes([0x00]), 400],
  ["a header with 0x7f", withHeaderBytes([0x7f]), 400],
  // Bytes 0x80–0xff are allowed in a header's value (obs-text).
  ["a header with 0xff", withHeaderBytes([0xff]), 200],
  ["a header name with 0xff", request("GET / HTTP/1.1", "Host: 127.0.0.1\r\nX-\xff: 1\r\n"), 400],
  ["no Host header", "GET / HTTP/1.1\r\nConnection: close\r\n\r\n", 400],
  ["an empty Host header", request("GET / HTTP/1.1", "Host: \r\n"), 400],
  ["Host: [", request("GET / HTTP/1.1", "Host: [\r\n"), 400],
  ["Host: x:99999", request("GET / HTTP/1.1", "Host: x:99999\r\n"), 400],
  ["Host: a/b:99999", request("GET /about HTTP/1.1", "Host: a/b:99999\r\n"), 400],
  [
    "X-Forwarded-Host: a, b:99999",
    request("GET / HTTP/1.1", "Host: 127.0.0.1\r\nX-Forwarded-Host: a, b:99999\r\n"),
    400,
  ],
  [
    "X-Forwarded-Host: salon.example",
    request("GET / HTTP/1.1", "Host: 127.0.0.1\r\nX-Forwarded-Host: salon.example\r\n"),
    200,
  ],
  ["GET /%00", request("GET /%00 HTTP/1.1"), 404],
  ["GET /%c0%af (overlong UTF-8)", request("GET /%c0%af HTTP/1.1"), 400],
  ["GET /%2e%2e/%2e%2e/etc/passwd", request("GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1"), 404],
  ["GET /api/submit-form/..%2f", request("GET /api/submit-form/..%2f HTTP/1.1"), 404],
  ["GET /book/%E0%A4%A", request("GET /book/%E0%A4%A HTTP/1.1"), 400],
  ["GET /about#top (a fragment)", request("GET /about#top HTTP/1.1"), 400],
  ["GET /?q=%zz (a broken escape in the query)", request("GET /?q=%zz HTTP/1.1"), 200],
  ["POST /api/submit-form?%zz", post("/api/submit-form?%zz", "{}"), 400],
  ["POST /api/submit-form/%zz", post("/api/submit-form/%zz", "{}"), 400],
  ["POST //api/submit-form", post("//api/submit-form", "{}"), 405],
  ["POST /api/submit-form#x", post("/api/submit-form#x", "{}"), 400],
  ["POST /api/availability?service=hair", post("/api/availability?service=hair", "{}"), 405],
  ["GET /api/availability?service=%zz&date=%", request("GET /api/availability?service=%zz&date=% HTTP/1.1"), 400],
  ["GET /api/availability/..", request("GET /api/availability/.. HTTP/1.1"), 404],
  ["GET //api/availability", request("GET //api/availability?service=hair&date=2026-12-01 HTTP/1.1"), 301],
  // The suite tour, "Forgot password?" and the set-password link (their token in the path).
  ["GET //suites/tour", request("GET //suites/tour HTTP/1.1"), 301],
  ["GET /\\admin/password/x", request("GET /\\admin/password/x HTTP/1.1"), 400],
  ["GET http://evil.example/admin/login/forgot", request("GET http://evil.example/admin/login/forgot HTTP/1.1"), 400],
  ["GET http://127.0.0.1/suites/tour", request("GET http://127.0.0.1/suites/tour HTTP/1.1"), 400],
  ["a 10 KB token", request(`GET /admin/password/${"a".repeat(10 * 1024)} HTTP/1.1`), 404],
  ["a token with %zz", request("GET /admin/password/%zz HTTP/1.1"), 400],
  ["a token with %E0%A4%A", request("GET /admin/password/%E0%A4%A HTTP/1.1"), 400],
  [
    "a token with the byte 0xff",
    Buffer.from(request(`GET /admin/password/${"A".repeat(42)}\xff HTTP/1.1`), "latin1"),
    400,
  ],
  ["a token with %00", request("GET /admin/password/%00 HTTP/1.1"), 404],
  ["HEAD /suites/tour", request("HEAD /suites/tour HTTP/1.1"), 200],
  ["OPTIONS /admin/password/x", request("OPTIONS /admin/password/x HTTP/1.1"), 405],
  // A TRACE reached React Router, whose Request refuses the method: 500 and an error in the log.
  ["TRACE /suites/tour", request("TRACE /suites/tour HTTP/1.1"), 405],
  ["TRACE /admin/login/forgot", request("TRACE /admin/login/forgot HTTP/1.1"), 405],
  ["TRACE /", request("TRACE / HTTP/1.1"), 405],
  ["TRACK /", request("TRACK / HTTP/1.1"), 400],
  [
    "POST /admin/login/forgot declaring 600 MB",
    request("POST /admin/login/forgot HTTP/1.1", "Host: 127.0.0.1\r\nContent-Length: 600000000\r\n") + "email=a",
    413,
  ],
  [
    "POST /suites/tour declaring 600 MB",
    request("POST /suites/tour HTTP/1.1", "Host: 127.0.0.1\r\nContent-Length: 600000000\r\n"),
    413,
  ],
];

/** Node's headersTimeout on the server (server.ts). */
const HEADERS_TIMEOUT_MS = 15_000;

describe("requests from clients that are not browsers", () => {
  const server = useTestServer({ captureOutput: true, env: { LOG_LEVEL: "warn" } });
  const port = () => server().process.port;

  const healthy = async (after: string) => {
    const response = await fetch(`${server().url}/healthz`).catch((error: unknown) => {
      throw new Error(`the server stopped answering after ${after}: ${String(error)}`);
    });
    expect(response.status, `/healthz after ${after}`).toBe(200);
  };

  it.concurrent("each odd request line or header gets an answer, and the server serves on", async () => {
    for (const [what, bytes, expected] of ODD_REQUESTS) {
      const answer = await sendRaw(port(), what, bytes);
      expect(answer.status, `${what}\n${answer.head}`).toBe(expected);
      await healthy(what);
    }
    // A target that names its own path keeps it: not `//evil.example` read as a host.
    const answer = await sendRaw(port(), "GET //evil.example/about", request("GET //evil.example/about HTTP/1.1"));
    expect(answer.head).toMatch(/\r\nLocation: \/evil\.example\/about\r\n/i);
  });

  it.concurrent(
    "a client that sends its headers slowly is cut off near the headers timeout, and others are served",
    async () => {
      const slow = Array.from(
        { length: 5 },
        () =>
          new Promise<{ closedBy: "the server" | "the test"; answer: string }>((resolve) => {
            const socket = net.connect(port(), "127.0.0.1");
            let answer = "";
            let closedBy: "the server" | "the test" = "the server";
            socket.setEncoding("latin1");
            socket.on("data", (chunk: string) => (answer += chunk));
            socket.on("error", () => undefined);
            // One header line a second, never the blank line that ends them (slowloris).
            socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
            const trickle = setInterval(() => socket.write(`X-Slow-${Date.now()}: 1\r\n`), 1_000);
            // Only so that a server that never closes fails the test instead of hanging it.
            const giveUp = setTimeout(() => {
              closedBy = "the test";
              socket.destroy();
            }, HEADERS_TIMEOUT_MS * 3);
            socket.on("close", () => {
              clearInterval(trickle);
              clearTimeout(giveUp);
              resolve({ closedBy, answer });
            });
          }),
      );
      await healthy("opening slow connections");
      for (const { closedBy, answer } of await Promise.all(slow)) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        // The server cut it off before the test's own give-up (three times its timeout) fired.
        expect(closedBy).toBe("the server");
      }
      await healthy("cutting off slow connections");
    },
    HEADERS_TIMEOUT_MS * 4,
  );

  it("a request that came through a proxy the site does not trust makes it say once what to set", async () => {
    const { url, process } = server();
    for (const forwardedFor of ["203.0.113.7", "198.51.100.2"]) {
      const response = await fetch(`${url}/healthz`, { headers: { "X-Forwarded-For": forwardedFor } });
      expect(response.status).toBe(200);
    }
    const forwardedWarnings = () =>
      process
        .output()
        .split("\n")
        .filter((line) => line.includes("X-Forwarded-For"))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
    // The server's output reaches this process through a pipe, on a busy machine after the answers.
    await vi.waitFor(() => expect(forwardedWarnings().length).toBeGreaterThan(0), { timeout: 15_000 });
    const warnings = forwardedWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe(40);
    expect(warnings[0].msg).toContain("TRUST_PROXY is not set");
    expect(warnings[0].msg).toContain("set TRUST_PROXY");
  });

  it("printed only JSON log lines, and no error", () => {
    const lines = server()
      .process.output()
      .split("\n")
      .filter((line) => line.trim());
    expect(lines.filter((line) => !line.startsWith("{"))).toEqual([]);
    expect(lines.map((line) => JSON.parse(line) as { level: number }).filter((line) => line.level >= 50)).toEqual([]);
  });
});
