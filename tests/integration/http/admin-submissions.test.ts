/**
 * The submission inbox over HTTP: what a search in the URL finds, the CSV export (bytes, headers,
 * the filter, spreadsheet safety), and what only staff, or only an admin, may do.
 */
import { randomBytes } from "node:crypto";
import { addDays, format, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import { SERVICE_OPTIONS } from "~/content/service-pages";
import { localDate } from "~/lib/dates";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { find, findAll, hrefOf, text } from "../../support/html-fragments";
import { testDialect } from "../../support/test-db";
import { useTestServer, type TestServer } from "../../support/test-server";

const tag = randomBytes(4).toString("hex");
const people = {
  appointment: { email: `appt-${tag}@example.com` },
  contact: { email: `contact-${tag}@example.com` },
  booking: { email: `booking-${tag}@example.com` },
  suite: { email: `suite-${tag}@example.com` },
};

/** A public form posted the way the page's enhancement script posts it. */
async function postForm(server: TestServer, name: string, fields: [string, string][]) {
  const response = await server.fetch(`/api/forms/${name}`, { method: "POST", body: new URLSearchParams(fields) });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { ok: true; id: number };
}

describe(`submission inbox over HTTP (${testDialect})`, () => {
  const server = useTestServer();
  const date = format(addDays(parseISO(localDate(Date.now(), "America/Chicago")), 9), "yyyy-MM-dd");

  it("an empty inbox says so, and the bell has nothing unread", async () => {
    const response = await server().fetch("/admin/submissions", { as: "editor" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("No form submissions yet");
    expect(html).toContain('aria-label="No unread submissions"');
    expect(html).not.toContain('data-testid="submission-card"');
  });

  it("a submission of each public form is stored (the setup of the export checks)", async () => {
    await postForm(server(), "appointment", [
      ["firstName", "Amara"],
      ["lastName", `Appt${tag}`],
      ["email", people.appointment.email],
      ["phone", "(713) 555-0101"],
      ["message", '=HYPERLINK("http://evil.example")'],
    ]);
    await postForm(server(), "contact", [
      ["name", `Chloe Contact${tag}`],
      ["email", people.contact.email],
      ["phone", "(713) 555-0102"],
      ["message", `Do you have gift cards? Ref ${tag}`],
    ]);
    await postForm(server(), "booking", [
      ["serviceKey", "lip-fillers"],
      ["firstName", "Bea"],
      ["lastName", `Book${tag}`],
      ["email", people.booking.email],
      ["phone", "(713) 555-0103"],
      ["serviceOption", SERVICE_OPTIONS["lip-fillers"][0]],
      ["agreeToTerms", "on"],
    ]);
    await postForm(server(), "suite-application", [
      ["email", people.suite.email],
      ["fullName", `Sofia Suite${tag}`],
      ["phoneNumber", "(713) 555-0104"],
      ["specialty", "Lash and brow artist"],
      ["address", "12 Elm St"],
      ["city", "Houston"],
      ["state", "TX"],
      ["zipCode", "77006"],
      ["communicationPreference", "text"],
      ["professionalLicenseId", `TX-${tag}`],
      ["businessName", "Sofia Lash Studio"],
      ["howFoundOut", "referral"],
      ["educationExperience", "Licensed lash artist since 2019."],
      ["servicesProvided", "Lash extensions"],
      ["typicalAnnualIncome", "50k-75k"],
      ["suiteLeasingExperience", "no"],
      ["suiteSizes", "Small Suites"],
      ["desiredOccupancyDate", date],
    ]);
    // A bot fills the honeypot: kept as spam, out of the inbox and its export.
    await postForm(server(), "contact", [
      ["name", `Spammy ${tag}`],
      ["email", `spam-${tag}@example.com`],
      ["message", "Cheap followers"],
      [HONEYPOT_FIELD, "http://spam.example"],
    ]);
    const rows = await server().db.selectFrom("form_submissions").select(["email", "status"]).execute();
    expect(rows).toHaveLength(5);
  });

  it("a search in the URL finds by name in any case, by a phone in another format and by a word of the message; a type with no rows offers Clear the filters", async () => {
    const headings = async (search: string) => {
      const response = await server().fetch(`/admin/submissions${search}`, { as: "editor" });
      expect(response.status, search).toBe(200);
      const html = await response.text();
      return {
        html,
        names: findAll(html, "article", { "data-testid": "submission-card" }).map((c) => text(find(c.outer, "h3"))),
      };
    };
    expect((await headings(`?q=book${tag.toUpperCase()}`)).names).toEqual([`Bea Book${tag}`]);
    expect((await headings(`?q=${encodeURIComponent("713.555.0104")}`)).names).toEqual([`Sofia Suite${tag}`]);
    expect((await headings(`?q=${encodeURIComponent(`ref ${tag}`)}`)).names).toEqual([`Chloe Contact${tag}`]);
    expect((await headings("?type=Suite+Application")).names).toEqual([`Sofia Suite${tag}`]);
    expect((await headings("?type=appointment_request")).names).toEqual([`Amara Appt${tag}`]);
    const none = await headings("?type=Newsletter");
    expect(none.names).toEqual([]);
    expect(text(none.html)).toContain("No submissions match these filters");
    expect(hrefOf(none.html, "Clear the filters")).toBe("/admin/submissions");
  });

  it("the CSV export holds exactly the filtered rows, with a BOM, its header row, formulas neutralised", async () => {
    const response = await server().fetch(`/admin/export/submissions.csv?q=${tag}`, { as: "admin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="submissions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^ID,Submitted \(Central time\),Submitted \(UTC\),Form type,Status,Name,Email,Phone/);
    expect(lines).toHaveLength(5);
    for (const person of Object.values(people)) expect(text).toContain(person.email);
    expect(text).not.toContain(`spam-${tag}`);
    // The formula the visitor typed is neutralised.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
  });

  it("the export's type filter names the file after the type and holds only its rows", async () => {
    const response = await server().fetch(`/admin/export/submissions.csv?type=Booking&q=${tag}`, { as: "editor" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="submissions-booking-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = (await response.text()).trimEnd().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(people.booking.email);
  });

  it("the export and the inbox send a visitor without a session to the login page", async () => {
    for (const path of ["/admin/export/submissions.csv", "/admin/submissions"]) {
      const response = await server().fetch(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/admin\/login/);
      expect(await response.text(), path).not.toContain(people.booking.email);
    }
  });

  it("the server refuses an editor's delete and spam with 403 and keeps the row as it was", async () => {
    const row = await server()
      .db.selectFrom("form_submissions")
      .select(["id", "status"])
      .where("email", "=", people.appointment.email)
      .executeTakeFirstOrThrow();
    const { cookie } = await server().signIn("editor");
    for (const intent of ["delete", "spam"]) {
      const refused = await server().fetch(`/admin/submissions/${row.id}`, {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent }),
      });
      expect(refused.status, intent).toBe(403);
    }
    expect(
      await server().db.selectFrom("form_submissions").select(["id", "status"]).where("id", "=", row.id).execute(),
    ).toEqual([row]);
  });

  describe(`replying from a submission's page, without JavaScript (${testDialect})`, () => {
    async function insertSubmission(values: { email: string; phone?: string | null }) {
      const row = await server()
        .db.insertInto("form_submissions")
        .values({
          form_type: "Contact",
          name: `Rita Reply${tag}`,
          message: "Can I bring my daughter along?",
          status: "read",
          created_at: new Date().toISOString(),
          ...values,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const post = (id: number, cookie: string, body: string) =>
      server().fetch(`/admin/submissions/${id}`, {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "reply", body }),
      });
    const replyRows = () => server().db.selectFrom("submission_replies").select(["submission_id", "body"]).execute();

    it("an empty or too long reply re-renders the page with the field's error and the text kept; nothing is sent", async () => {
      const id = await insertSubmission({ email: `rita-${tag}@example.com` });
      const { cookie } = await server().signIn("editor");

      const empty = await post(id, cookie, "   ");
      expect(empty.status).toBe(400);
      const emptyHtml = await empty.text();
      const textarea = find(emptyHtml, "textarea", { name: "body" });
      expect(textarea.outer).toContain('aria-invalid="true"');
      expect(text(find(emptyHtml, "p", { id: /-error$/ }))).toBe("Write your reply first.");

      const long = "Thank you!".repeat(501);
      const tooLong = await post(id, cookie, long);
      expect(tooLong.status).toBe(400);
      const longHtml = await tooLong.text();
      expect(text(find(longHtml, "p", { id: /-error$/ }))).toBe("Your reply is too long: at most 5,000 characters.");
      expect(text(find(longHtml, "textarea", { name: "body" }))).toBe(long);

      expect(await replyRows()).toEqual([]);
      expect(
        (await server().db.selectFrom("form_submissions").select("status").where("id", "=", id).executeTakeFirst())
          ?.status,
      ).toBe("read");
    });

    it("an editor's reply is sent through the outbox, redirects back to the page, and shows in its thread as answered", async () => {
      const id = await insertSubmission({ email: `rita2-${tag}@example.com` });
      const { cookie, email } = await server().signIn("editor");
      const sent = await post(id, cookie, "Of course: she is welcome.");
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe(`/admin/submissions/${id}`);
      expect(sent.headers.get("set-cookie")).toContain("salon_flash=");

      const mail = await server()
        .db.selectFrom("mail_outbox")
        .select(["to_address", "kind", "subject"])
        .where("submission_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ to_address: `rita2-${tag}@example.com`, kind: "reply" });
      expect(mail.subject).toMatch(/^Re: We received your request — /);

      const html = await (await server().fetch(`/admin/submissions/${id}`, { cookie })).text();
      expect(text(find(html, "span", { "data-testid": "detail-status" }))).toBe("Answered");
      const thread = find(html, "ol", { "data-testid": "reply-thread" });
      expect(text(thread)).toContain("Of course: she is welcome.");
      expect(text(thread)).toContain(email);
      expect(text(find(thread.outer, "p", { "data-testid": "reply-delivery" }))).toMatch(
        /^(Waiting to be sent|Sent .+)$/,
      );

      const answered = await (
        await server().fetch(`/admin/submissions?status=answered&q=rita2-${tag}`, { cookie })
      ).text();
      expect(findAll(answered, "article", { "data-testid": "submission-card" })).toHaveLength(1);
    });

    it("a submission without an e-mail address offers the phone instead of the form, and refuses a reply", async () => {
      const id = await insertSubmission({ email: "", phone: "(713) 555-0177" });
      const { cookie } = await server().signIn("admin");
      const html = await (await server().fetch(`/admin/submissions/${id}`, { cookie })).text();
      expect(text(find(html, "p", { "data-testid": "reply-no-email" }))).toBe(
        "There is no e-mail address on this submission, so a reply cannot be sent from here. Call (713) 555-0177 instead.",
      );
      expect(html).not.toContain('name="body"');
      const refused = await post(id, cookie, "Hello");
      expect(refused.status).toBe(409);
      expect((await replyRows()).filter((r) => r.submission_id === id)).toEqual([]);
    });
  });

  describe("the applicant pipeline", () => {
    const applicantId = async () =>
      (
        await server()
          .db.selectFrom("form_submissions")
          .select("id")
          .where("email", "=", people.suite.email)
          .executeTakeFirstOrThrow()
      ).id;

    it("the application's inbox item links to its applicant, new on the board; staff of either role see both, a visitor is sent to sign in", async () => {
      const id = await applicantId();
      const item = await (await server().fetch(`/admin/submissions/${id}`, { as: "editor" })).text();
      expect(hrefOf(item, "Applicant's page")).toBe(`/admin/applicants/${id}`);
      const contactId = (
        await server()
          .db.selectFrom("form_submissions")
          .select("id")
          .where("email", "=", people.contact.email)
          .executeTakeFirstOrThrow()
      ).id;
      expect(await (await server().fetch(`/admin/submissions/${contactId}`, { as: "editor" })).text()).not.toContain(
        "Applicant's page",
      );

      for (const role of ["admin", "editor"] as const) {
        const board = await server().fetch("/admin/applicants", { as: role });
        expect(board.status, role).toBe(200);
        const html = await board.text();
        const newStage = find(html, "section", { "data-testid": "stage-new" });
        expect(hrefOf(newStage, `Sofia Suite${tag}`), role).toBe(`/admin/applicants/${id}`);
        expect(text(newStage), role).toContain("Small Suites");
        const page = await server().fetch(`/admin/applicants/${id}`, { as: role });
        expect(page.status, role).toBe(200);
        expect(text(find(await page.text(), "span", { "data-testid": "applicant-stage" })), role).toBe("New");
      }
      for (const path of ["/admin/applicants", `/admin/applicants/${id}`]) {
        const visitor = await server().fetch(path);
        expect(visitor.status, path).toBe(302);
        expect(visitor.headers.get("location"), path).toMatch(/^\/admin\/login/);
        // Signed in without a role: no access either.
        const noRole = await server().fetch(path, { as: null });
        expect(noRole.status, path).not.toBe(200);
        expect(await noRole.text(), path).not.toContain(`Sofia Suite${tag}`);
      }
      expect((await server().fetch(`/admin/applicants/${contactId}`, { as: "editor" })).status).toBe(404);
      // A filter that matches nobody says so.
      expect(
        text(await (await server().fetch("/admin/applicants?type=Daily+Rentals", { as: "editor" })).text()),
      ).toContain("No applicants match");
    });

    it("an editor moves the applicant, notes and e-mails them; the page keeps each with who; wrong moves and empty fields are refused", async () => {
      const id = await applicantId();
      const { cookie, email } = await server().signIn("editor");
      const act = (fields: Record<string, string>) =>
        server().fetch(`/admin/applicants/${id}`, { method: "POST", cookie, body: new URLSearchParams(fields) });

      const moved = await act({ intent: "stage", from: "new", stage: "tour_booked" });
      expect(moved.status).toBe(200);
      const refused = await act({ intent: "stage", from: "tour_booked", stage: "leased" });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("An applicant who is tour booked cannot move to leased.");
      const stale = await act({ intent: "stage", from: "new", stage: "declined" });
      expect(stale.status).toBe(409);
      expect((await act({ intent: "stage", stage: "castle" })).status).toBe(400);

      const emptyMail = await act({ intent: "email", subject: " ", body: "" });
      expect(emptyMail.status).toBe(400);
      const emptyHtml = await emptyMail.text();
      expect(emptyHtml).toContain("Subject is required");
      expect(emptyHtml).toContain("Message is required");
      expect((await act({ intent: "note", note: "" })).status).toBe(400);

      expect((await act({ intent: "note", note: `Prefers mornings ${tag}` })).status).toBe(200);
      const mailed = await act({ intent: "email", subject: `Your tour ${tag}`, body: "See you Tuesday at 10." });
      expect(mailed.status).toBe(200);
      expect(await mailed.text()).toContain(`E-mail to ${people.suite.email} is on its way.`);

      const mail = await server()
        .db.selectFrom("mail_outbox")
        .select(["to_address", "reply_to", "text_body", "submission_id"])
        .where("subject", "=", `Your tour ${tag}`)
        .execute();
      expect(mail).toEqual([
        {
          to_address: people.suite.email,
          reply_to: expect.stringContaining("@"),
          text_body: "See you Tuesday at 10.",
          submission_id: id,
        },
      ]);
      const page = await (await server().fetch(`/admin/applicants/${id}`, { cookie })).text();
      expect(text(find(page, "span", { "data-testid": "applicant-stage" }))).toBe("Tour booked");
      const history = findAll(page, "li", { "data-testid": "applicant-event" }).map(text);
      expect(history).toHaveLength(3);
      expect(history[0]).toContain(`E-mail: Your tour ${tag}`);
      expect(history[1]).toContain(`Prefers mornings ${tag}`);
      expect(history[2]).toContain("Moved from New to Tour booked");
      for (const entry of history) expect(entry).toContain(email);
    });
  });
});
