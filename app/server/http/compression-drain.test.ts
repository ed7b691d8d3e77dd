import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { drainListenersFollowCompression } from "./compression-drain.server";

/** A compressed response that waits for "drain" as React Router does (once, then off), many times. */
async function listenerWarnings(withFix: boolean): Promise<string[]> {
  const app = express();
  app.use(compression({ threshold: 0 }));
  if (withFix) app.use(drainListenersFollowCompression());
  app.get("/", async (_req, res) => {
    res.type("text/html");
    res.write("<p>first</p>");
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const onDrain = () => resolve();
        res.once("drain", onDrain);
        res.off("drain", onDrain);
        resolve();
      });
    }
    res.end("<p>last</p>");
  });
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on("warning", onWarning);
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
    headers: { "Accept-Encoding": "gzip" },
  });
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(await response.text()).toBe("<p>first</p><p>last</p>");
  // Warnings are emitted on a later tick.
  await new Promise((resolve) => setImmediate(resolve));
  process.off("warning", onWarning);
  return warnings;
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("drainListenersFollowCompression", () => {
  it("compression alone leaves every removed drain listener on its stream (the warning)", async () => {
    expect(await listenerWarnings(false)).toContain("MaxListenersExceededWarning");
  });

  it("with it, a removed listener is gone from the stream too: no warning", async () => {
    expect(await listenerWarnings(true)).toEqual([]);
  });
});
