/**
 * Client records over HTTP: the list (search, the sidebar entry) and a client's page for staff;
 * notes and contact saved by staff, validated on the server; merging and erasing for admins only
 * (an editor gets 403 and nothing changes); a cross-site post is refused; the CSV export with its
 * formula guard; one click from a request card and from an inbox item to the client's page.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { CLIENT_MESSAGES } from "~/routes/admin/client.server";
import { saveClientWords } from "~/server/clients/clients.server";
import { nowIso } from "~/server/db/database.server";
import { insertBookingRow } from "../../support/booking-rows";
import { find, links, text } from "../../support/html-fragments";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe(`admin clients over HTTP (${testDialect})`, () => {
  const server = useTestServer();
  const db = () => server().db;
  const addClient = async (name: string, email: string, phone = "", notes = "") => {
    const { id } = await db()
      .insertInto("clients")
      .values({
        name,
        email,
        phone,
        email_key: email.toLowerCase(),
        phone_key: phone.replace(/\D/g, ""),
        notes,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await saveClientWords(db(), id);
    return id;
  };
  const clientRow = (id: number) => db().selectFrom("clients").selectAll().where("id", "=", id).executeTakeFirst();
  const post = (
    id: number,
    fields: Record<string, string>,
    init: { as?: "admin" | "editor"; headers?: Record<string, string> } = {},
  ) =>
    server().fetch(`/admin/clients/${id}`, {
      method: "POST",
      body: form(fields),
      as: init.as ?? "admin",
      ...(init.headers ? { headers: { "Content-Type": "application/x-www-form-urlencoded", ...init.headers } } : {}),
    });

  beforeEach(async () => {
    await db().deleteFrom("bookings").execute();
    await db().deleteFrom("form_submissions").execute();
    await db().deleteFrom("clients").execute();
  });

  it("staff find a client by name, e-mail or phone from the sidebar's Clients, and open their page with history and spend", async () => {
    const ada = await addClient("Ada Lovelace", "ada@example.com", "(713) 555-0100");
    await addClient("Bea Byron", "bea@example.com");
    await insertBookingRow(db(), { starts_at: iso(Date.now() - 30 * DAY), price: "$150 + $45", client_id: ada });
    await insertBookingRow(db(), { starts_at: iso(Date.now() - 20 * DAY), outcome: "no_show", client_id: ada });

    const list = await (await server().fetch("/admin/clients", { as: "editor" })).text();
    expect(links(find(list, "nav", { "aria-label": "Admin" })).map((a) => text(a))).toContain("Clients");
    expect(links(list).map((a) => text(a))).toEqual(expect.arrayContaining(["Ada Lovelace", "Bea Byron"]));
    for (const q of ["lovelace", "ADA@EX", "555-0100"]) {
      const found = await (await server().fetch(`/admin/clients?q=${encodeURIComponent(q)}`, { as: "editor" })).text();
      const rows = find(found, "ul", { "aria-label": "Clients" });
      expect(text(rows), q).toContain("Ada Lovelace");
      expect(text(rows), q).not.toContain("Bea Byron");
      expect(text(rows), q).toMatch(/Visits\s*1.*No-shows\s*1/);
    }

    const page = await server().fetch(`/admin/clients/${ada}`, { as: "editor" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(text(find(html, "p", { "data-testid": "client-history" }))).toContain("1 visit, 1 no-show");
    expect(text(html)).toContain("$195");
    expect(text(html)).not.toContain("Merge with another client");
    expect(text(html)).not.toContain("Erase this client");
    expect((await server().fetch("/admin/clients/999999", { as: "editor" })).status).toBe(404);
  });

  it("staff save private notes and a validated contact; the keys follow the contact", async () => {
    const ada = await addClient("Ada", "ada@example.com");
    const saved = await post(
      ada,
      { intent: "notes", notes: "Allergic to latex.\nFormula 6N + 20 vol." },
      { as: "editor" },
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(CLIENT_MESSAGES.notesSaved);
    expect((await clientRow(ada))?.notes).toBe("Allergic to latex.\nFormula 6N + 20 vol.");

    const bad = await post(ada, { intent: "contact", name: "", email: "not-an-email", phone: "" }, { as: "editor" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Name is required");
    expect(badHtml).toContain("Enter a valid email address");
    expect(
      await post(ada, { intent: "contact", name: "Ada", email: "", phone: "" }, { as: "editor" }).then((r) => r.status),
    ).toBe(400);

    const ok = await post(
      ada,
      { intent: "contact", name: "Ada King", email: "Ada+x@Example.com", phone: "+1 713 555 0100" },
      { as: "editor" },
    );
    expect(ok.status).toBe(200);
    expect(await clientRow(ada)).toMatchObject({
      name: "Ada King",
      email_key: "ada@example.com",
      phone_key: "7135550100",
    });
  });

  it("editors cannot merge or erase (403, nothing changes); a cross-site post changes nothing", async () => {
    const ada = await addClient("Ada", "ada@example.com", "", "Keep me");
    const bea = await addClient("Bea", "bea@example.com");
    const attempts: Record<string, string>[] = [{ intent: "merge", other: String(bea) }, { intent: "erase" }];
    for (const fields of attempts) {
      const refused = await post(ada, fields, { as: "editor" });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(CLIENT_MESSAGES.adminOnly);
    }
    const cross = await post(
      ada,
      { intent: "notes", notes: "Hijacked" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(cross.status).toBe(403);
    expect(await clientRow(ada)).toMatchObject({ notes: "Keep me" });
    expect(await clientRow(bea)).toBeDefined();
  });

  it("an admin merges another client into this one and erases a client; each goes back with a message", async () => {
    const ada = await addClient("Ada", "ada@example.com", "", "Mornings");
    const dupe = await addClient("Ada L", "ada.work@example.com", "", "Latex");
    const booking = await insertBookingRow(db(), { starts_at: iso(Date.now() + 3 * DAY), client_id: dupe });

    const picker = await (await server().fetch(`/admin/clients/${ada}?merge=work`, { as: "admin" })).text();
    expect(text(find(picker, "ul", { "aria-label": "Clients to merge" }))).toContain("Ada L");
    expect(text(find(picker, "ul", { "aria-label": "Clients to merge" }))).toContain(
      "1 booking, 0 messages and applications and 0 waiting-list entries",
    );

    const merged = await post(ada, { intent: "merge", other: String(dupe) });
    expect(merged.status).toBe(302);
    expect(merged.headers.get("location")).toBe(`/admin/clients/${ada}`);
    expect(await clientRow(dupe)).toBeUndefined();
    expect(await clientRow(ada)).toMatchObject({ notes: "Mornings\n\nLatex" });
    expect(
      (await db().selectFrom("bookings").select("client_id").where("id", "=", booking.id).executeTakeFirstOrThrow())
        .client_id,
    ).toBe(ada);
    expect((await post(ada, { intent: "merge", other: String(dupe) })).status).toBe(409);

    const erased = await post(ada, { intent: "erase" });
    expect(erased.status).toBe(302);
    expect(erased.headers.get("location")).toBe("/admin/clients");
    expect(await clientRow(ada)).toBeUndefined();
    const calendar = await db()
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(calendar).toMatchObject({
      first_name: "Erased client",
      email: "",
      status: "confirmed",
      starts_at: booking.starts_at,
    });
  });

  it("exports the search as a CSV download, spreadsheet formulas neutralised", async () => {
    await addClient('=HYPERLINK("http://evil.example")', "evil@example.com");
    await addClient("Cleo", "cleo@example.com", "(281) 555-0111");
    const response = await server().fetch("/admin/export/clients.csv", { as: "editor" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await response.text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      'ID,Name,Email,Phone,Visits,No-shows,Late cancellations,Last visit,"Spent (estimate, USD)",Client since',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[2]).toContain("Cleo,cleo@example.com,(281) 555-0111,0,0,0,,0,");
    const searched = await (await server().fetch("/admin/export/clients.csv?q=cleo", { as: "editor" })).text();
    expect(searched.trim().split("\r\n")).toHaveLength(2);
    expect((await server().fetch("/admin/export/clients.csv")).status).toBe(302);
  });

  it("a request card's history line links to the client's page; so does an inbox item", async () => {
    const ada = await addClient("Ada Client", "ada@example.com");
    await insertBookingRow(db(), {
      starts_at: iso(Date.now() + 5 * DAY),
      status: "requested",
      source: "online",
      client_id: ada,
    });
    const html = await (await server().fetch("/admin/bookings", { as: "editor" })).text();
    const history = find(html, "p", { "data-testid": "client-history" });
    expect(links(history).map((a) => a.attrs.href)).toEqual([`/admin/clients/${ada}`]);

    // A visitor's message through the server (on SQLite, its submission thread) finds Ada by her e-mail.
    const sent = await server().fetch("/api/submit-form", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ formType: "Contact", name: "Ada", email: "ADA@example.com", message: "Hello" }),
    });
    expect(sent.status).toBe(200);
    const { id, client_id } = await db()
      .selectFrom("form_submissions")
      .select(["id", "client_id"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(client_id).toBe(ada);
    const item = await (await server().fetch(`/admin/submissions/${id}`, { as: "editor" })).text();
    expect(links(item, "Client's page").map((a) => a.attrs.href)).toEqual([`/admin/clients/${ada}`]);
  });
});
