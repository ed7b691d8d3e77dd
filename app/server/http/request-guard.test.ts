import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

interface LogLine {
  level: number;
  msg: string;
  path?: string;
  err?: string;
  port?: number;
}

/** The guard in a process of its own (tests/support/guarded-server.ts): what ends or keeps a process cannot be tried in Vitest's. */
describe("guardRequests and guardProcess", () => {
  let child: ChildProcess;
  let output = "";
  let base = "";
  let exited: Promise<number | null>;
  const lines = () =>
    output
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    child = spawn(process.execPath, ["--import", "tsx", "tests/support/guarded-server.ts"], { cwd: root });
    exited = new Promise((resolve) => child.once("exit", resolve));
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    while (!base) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      const port = output.includes("\n") ? lines().find((line) => line.port)?.port : undefined;
      if (port) base = `http://127.0.0.1:${port}`;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => {
    child.kill("SIGKILL");
  });

  const servesOn = async () => expect(await (await fetch(`${base}/ok`)).text()).toBe("ok");

  it.each(["/throw", "/reject", "/throw-later"])(
    "a request whose handler fails (%s) gets a 500 without its own headers, and the server serves on",
    async (failing) => {
      const response = await fetch(`${base}${failing}`);
      expect(response.status).toBe(500);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe("Something went wrong on our side. Please try again.");
      await servesOn();
    },
  );

  it("a request whose handler fails after its answer began has its connection closed", async () => {
    const response = await fetch(`${base}/throw-midway`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    await servesOn();
  });

  it("a failure after a request's answer is only logged", async () => {
    expect(await (await fetch(`${base}/throw-after`)).text()).toBe("done");
    await servesOn();
  });

  it("a promise rejected outside any request is logged, and the server serves on", async () => {
    child.kill("SIGHUP");
    await expect.poll(() => lines().some((line) => line.msg === "unhandled promise rejection")).toBe(true);
    await servesOn();
  });

  it("logs every failure as one JSON line with its request", () => {
    const failed = lines().filter((line) => line.msg === "request failed");
    expect(failed.map((line) => line.path).sort()).toEqual(
      ["/reject", "/throw", "/throw-after", "/throw-later", "/throw-midway"].sort(),
    );
    expect(failed.every((line) => line.level === 50 && line.err?.startsWith("Error: "))).toBe(true);
  });

  it("an exception thrown outside any request is logged as fatal, and the process ends with code 1", async () => {
    child.kill("SIGUSR2");
    expect(await exited).toBe(1);
    const fatal = lines().filter((line) => line.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0].err).toContain("thrown outside any request");
  });
});
