/**
 * The dashboard over HTTP says plainly while demo data (npm run demo) is in the database, and says
 * nothing once it is removed.
 */
import { describe, expect, it } from "vitest";
import { SALON_WEEK } from "~/server/demo/generate";
import { loadDemo, removeDemo } from "~/server/demo/demo.server";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";
import { find, hrefOf, text } from "../../support/html-fragments";

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

  describe(`the first-run checklist over HTTP (${testDialect})`, () => {
    it("is shown to admins only; an editor may not tick it; an admin's ticks redirect back, and dismissing hides it", async () => {
      const editor = await server().signIn("editor");
      const editorView = await (await server().fetch("/admin/dashboard", { cookie: editor.cookie })).text();
      expect(editorView).not.toContain('data-testid="first-run-checklist"');
      const refused = await server().fetch("/admin/dashboard", {
        method: "POST",
        cookie: editor.cookie,
        body: new URLSearchParams({ intent: "dismiss-checklist" }),
      });
      expect(refused.status).toBe(403);

      const { cookie } = await server().signIn("admin");
      const shown = await (await server().fetch("/admin/dashboard", { cookie })).text();
      const checklist = find(shown, "section", { "data-testid": "first-run-checklist" });
      expect(text(find(checklist.outer, "p", { "data-testid": "first-run-progress" }))).toBe("0 of 6 done");
      expect(find(checklist.outer, "li", { "data-testid": "checklist-prices" }).outer).toContain('data-done="false"');
      expect(hrefOf(checklist, "Edit the contact page")).toBe("/admin/edit/contact");

      const ticked = await server().fetch("/admin/dashboard", {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "prices-checked" }),
      });
      expect(ticked.status).toBe(302);
      expect(ticked.headers.get("location")).toBe("/admin/dashboard");
      const after = await (await server().fetch("/admin/dashboard", { cookie })).text();
      expect(find(after, "li", { "data-testid": "checklist-prices" }).outer).toContain('data-done="true"');
      expect(text(find(after, "p", { "data-testid": "first-run-progress" }))).toBe("1 of 6 done");

      const unknown = await server().fetch("/admin/dashboard", {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "nope" }),
      });
      expect(unknown.status).toBe(400);

      await server().fetch("/admin/dashboard", {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "dismiss-checklist" }),
      });
      const dismissed = await (await server().fetch("/admin/dashboard", { cookie })).text();
      expect(dismissed).not.toContain('data-testid="first-run-checklist"');
    });
  });
});
