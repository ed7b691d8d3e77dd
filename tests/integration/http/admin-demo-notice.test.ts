/**
 * The dashboard over HTTP says plainly while demo data (npm run demo) is in the database, and says
 * nothing once it is removed.
 */
import { describe, expect, it } from "vitest";
import { SALON_WEEK } from "~/server/demo/generate";
import { loadDemo, removeDemo } from "~/server/demo/demo.server";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";
import { find, text } from "../../support/html-fragments";

const OPTIONS = { today: "2026-11-27", days: 3, timeZone: "America/Chicago", hours: SALON_WEEK, force: true };

describe(`the demo notice over HTTP (${testDialect})`, () => {
  const server = useTestServer();

  it("the dashboard shows the demo notice while demo data is in, and not after --remove", async () => {
    const { cookie } = await server().signIn("admin");
    await loadDemo(server().db, OPTIONS);
    const shown = await (await server().fetch("/admin/dashboard", { cookie })).text();
    expect(text(find(shown, "p", { "data-testid": "demo-notice" }))).toBe(
      "Demo data: the people, clients, appointments and messages here are made up. Remove them with npm run demo -- --remove.",
    );

    await removeDemo(server().db);
    const gone = await (await server().fetch("/admin/dashboard", { cookie })).text();
    expect(gone).not.toContain('data-testid="demo-notice"');
    expect(gone).toContain("Here is what is happening on your website.");
  });
});
