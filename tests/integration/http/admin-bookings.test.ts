/**
 * /admin/bookings over HTTP: who may see and change it, the calendar's server HTML for a known day
 * (times on the salon's clock), and a proposed time answered on the client's manage page without
 * JavaScript.
 */
import { describe, expect, it } from "vitest";
import { addLocalDays, localDate, weekdayOf } from "~/lib/booking/availability";
import { STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { MANAGE_MESSAGES } from "~/lib/booking/messages";
import type { Db } from "~/server/db/database.server";
import { openDayFromToday, salonTime } from "../../support/dates";
import { insertBookingRow } from "../../support/booking-rows";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";
import { withSentBodies } from "../../support/queued-mail";

/** The first Tuesday at least two days ahead in the salon's zone (open 9 to 6 by default). */
function nextTuesday(): string {
  let date = addLocalDays(localDate(Date.now(), "America/Chicago"), 2);
  while (weekdayOf(date) !== 2) date = addLocalDays(date, 1);
  return date;
}

const client = { firstName: "Ada", lastName: "Client", phone: "(713) 555-0100", agreeToTerms: true };

async function insertBooking(
  db: Db,
  values: {
    starts: string;
    ends: string;
    status: "requested" | "confirmed";
    first: string;
    resource?: string;
    kind?: "appointment" | "block";
    notes?: string;
  },
) {
  const block = values.kind === "block";
  const row = await insertBookingRow(db, {
    kind: values.kind ?? "appointment",
    resource: values.resource ?? "service:hair",
    service: block ? "" : "hair",
    option_name: block ? "" : "Women's Haircut & Style",
    price: "$150",
    starts_at: values.starts,
    ends_at: values.ends,
    status: values.status,
    first_name: values.first,
    last_name: "Known",
    email: "",
    phone: "(713) 555-0111",
    notes: values.notes ?? "Allergic to lavender",
    source: "online",
  });
  return row.id;
}

describe(`admin bookings over HTTP (${testDialect})`, () => {
  const server = useTestServer();
  const post = (path: string, fields: Record<string, string>, as?: "editor" | "admin" | null) =>
    server().fetch(path, { method: "POST", body: new URLSearchParams(fields), ...(as !== undefined ? { as } : {}) });

  it("anonymous visitors and users without a role go to the login; an editor sees the screen and may act", async () => {
    const anonymous = await server().fetch("/admin/bookings?view=week");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/bookings?view=week")}`,
    );
    // Far ahead, counted from today: a request whose time has passed would be the expiry job's.
    const day = openDayFromToday(1000);
    const id = await insertBooking(server().db, {
      starts: new Date(salonTime(day, "09:00")).toISOString(),
      ends: new Date(salonTime(day, "11:00")).toISOString(),
      status: "requested",
      first: "Roleless",
    });
    const refused = await post("/admin/bookings", { intent: "confirm", id: String(id) });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/admin/login");
    expect((await post("/admin/bookings", { intent: "confirm", id: String(id) }, null)).status).toBe(302);
    const status = () =>
      server().db.selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await status()).status).toBe("requested");

    const editor = await server().fetch("/admin/bookings", { as: "editor" });
    expect(editor.status).toBe(200);
    expect(editor.headers.get("cache-control")).toBe("no-store");
    const html = await editor.text();
    expect(html).toContain("<title>Bookings | Admin</title>");
    expect(html).toMatch(/href="\/admin\/bookings"[^>]*>.*Bookings/s);
    expect(html).toContain('data-testid="waiting-requests"');

    const bad = await post("/admin/bookings", { intent: "decline", id: String(id), reason: "  " }, "editor");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Reason is required");
    expect((await status()).status).toBe("requested");
    const confirmed = await post("/admin/bookings", { intent: "confirm", id: String(id) }, "editor");
    expect(confirmed.status).toBe(200);
    expect((await status()).status).toBe("confirmed");
    const again = await post("/admin/bookings", { intent: "confirm", id: String(id) }, "editor");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(STAFF_MESSAGES.notPending);
    const unknown = await post("/admin/bookings", { intent: "drop-tables" }, "editor");
    expect(unknown.status).toBe(400);
    const audit = await server()
      .db.selectFrom("audit_log")
      .select("action")
      .where("action", "=", "confirmed a booking")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("the calendar of a known day: columns per chair, appointments and blocks at their salon times; the week around it", async () => {
    // Tuesday 2026-12-01 in Chicago (UTC-6): 9:00–11:00 and a block 1:00–2:00 PM; a request at 3:00.
    await insertBooking(server().db, {
      starts: "2026-12-01T15:00:00.000Z",
      ends: "2026-12-01T17:00:00.000Z",
      status: "confirmed",
      first: "Morning",
    });
    await insertBooking(server().db, {
      starts: "2026-12-01T19:00:00.000Z",
      ends: "2026-12-01T20:00:00.000Z",
      status: "confirmed",
      first: "",
      kind: "block",
      resource: "service:nails",
      notes: "Team lunch",
    });
    await insertBooking(server().db, {
      starts: "2026-12-01T21:00:00.000Z",
      ends: "2026-12-01T23:00:00.000Z",
      status: "requested",
      first: "Afternoon",
    });
    const day = await (await server().fetch("/admin/bookings?view=day&date=2026-12-01", { as: "editor" })).text();
    expect(day).toContain("Tuesday, December 1, 2026");
    const columns = [...day.matchAll(/data-testid="calendar-column"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(columns).toEqual([
      "Hair",
      "Nails",
      "Body Sculpting",
      "Eyebrows",
      "Makeup",
      "Lashes",
      "Facials &amp; Waxing",
      // The seeded suite manager, whose tours are their bookings.
      "Suite Manager",
    ]);
    const entries = [...day.matchAll(/data-testid="calendar-entry"[^>]*>(.*?)<\/a>/g)].map((m) =>
      m[1].replace(/<[^>]+>/g, "|"),
    );
    expect(entries).toHaveLength(3);
    expect(entries[0]).toContain("9:00–11:00 AM");
    expect(entries[0]).toContain("Morning Known");
    expect(entries.find((e) => e.includes("Team lunch"))).toContain("1:00–2:00 PM");
    expect(entries.find((e) => e.includes("Afternoon"))).toMatch(/3:00–5:00 PM.*Requested/);
    expect(/<a[^>]*aria-label="Next day"[^>]*>/.exec(day)?.[0]).toContain("view=day&amp;date=2026-12-02");
    expect(/<a[^>]*aria-label="Previous day"[^>]*>/.exec(day)?.[0]).toContain("view=day&amp;date=2026-11-30");
    expect(day).toContain("2 appointments, 1 blocked time");
    // The request is listed at the top with its salon time.
    expect(day).toMatch(/data-testid="booking-request"[^]*Afternoon Known[^]*Tue, Dec 1 · 3:00 PM/);

    const week = await (await server().fetch("/admin/bookings?view=week&date=2026-12-03", { as: "editor" })).text();
    expect(week).toContain("Nov 30 – Dec 6, 2026");
    const weekColumns = [...week.matchAll(/data-testid="calendar-column"[^>]*>.*?>([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(weekColumns).toEqual([
      "Mon Nov 30",
      "Tue Dec 1",
      "Wed Dec 2",
      "Thu Dec 3",
      "Fri Dec 4",
      "Sat Dec 5",
      "Sun Dec 6",
    ]);
    expect([...week.matchAll(/data-testid="calendar-entry"/g)]).toHaveLength(3);
    expect(week).toContain("Team lunch");
    // A date that is not one falls back to today.
    const fallback = await server().fetch("/admin/bookings?view=day&date=2026-13-01", { as: "editor" });
    expect(fallback.status).toBe(200);
  });

  it("the client accepts a proposed time on the manage page without JavaScript, or declines it", async () => {
    const date = nextTuesday();
    const wednesday = addLocalDays(date, 1);
    const book = async (start: string, email: string) => {
      const response = await server().fetch("/api/bookings", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ service: "makeup", start, ...client, email }),
      });
      expect(response.status).toBe(201);
      const { manageUrl } = (await response.json()) as { manageUrl: string };
      // The answer has no id; the link's first part is the booking's key.
      const key = new URL(manageUrl).pathname.split("/").pop()!.split(".")[0];
      const { id } = await server()
        .db.selectFrom("bookings")
        .select("id")
        .where("manage_key", "=", key)
        .executeTakeFirstOrThrow();
      return { id, manageUrl };
    };
    const first = await book(`${date}T09:00:00${offsetOf(date)}`, "ada@example.com");
    const second = await book(`${date}T13:00:00${offsetOf(date)}`, "bea@example.com");

    for (const booking of [first, second]) {
      const proposed = await post(
        "/admin/bookings",
        { intent: "propose", id: String(booking.id), date: wednesday, time: "10:00" },
        "editor",
      );
      expect(proposed.status, await proposed.clone().text()).toBe(booking === first ? 200 : 409);
      if (booking === second) {
        // The first proposal holds Wednesday 10:00: the same time for the second one is refused.
        const other = await post(
          "/admin/bookings",
          { intent: "propose", id: String(booking.id), date: wednesday, time: "14:00" },
          "editor",
        );
        expect(other.status).toBe(200);
      }
    }
    const [mail] = await server()
      .db.selectFrom("mail_outbox")
      .select(["text_body", "calendar_body", "compose_input"])
      .where("to_address", "=", "ada@example.com")
      .orderBy("id", "desc")
      .limit(1)
      .execute()
      .then(withSentBodies);
    const link = /Accept or decline the new time: (\S+)/.exec(mail.text_body ?? "")?.[1];
    expect(link).toBe(first.manageUrl);
    const path = new URL(first.manageUrl).pathname;

    const page = await (await server().fetch(path)).text();
    expect(page).toContain("New time proposed");
    expect(page).toContain("10:00 AM");
    expect(page).toContain("You asked for");
    expect(page).toContain("9:00 AM");
    expect(page).toMatch(/<form method="post"><input type="hidden" name="intent" value="accept-proposal"\/>/);
    expect(page).not.toContain("Move my appointment");
    expect(page).not.toMatch(/entry\.client/);

    const accepted = await server().fetch(path, {
      method: "POST",
      body: new URLSearchParams({ intent: "accept-proposal" }),
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain(MANAGE_MESSAGES.accepted);
    const row = (id: number) =>
      server().db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(await row(first.id)).toMatchObject({
      status: "confirmed",
      starts_at: new Date(`${wednesday}T10:00:00${offsetOf(wednesday)}`).toISOString(),
    });
    const twice = await server().fetch(path, {
      method: "POST",
      body: new URLSearchParams({ intent: "accept-proposal" }),
    });
    expect(twice.status).toBe(409);

    const secondPath = new URL(second.manageUrl).pathname;
    const declined = await server().fetch(secondPath, {
      method: "POST",
      body: new URLSearchParams({ intent: "decline-proposal" }),
    });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain(MANAGE_MESSAGES.proposalDeclined);
    expect((await row(second.id)).status).toBe("cancelled");
  });
});

/** The salon's UTC offset on a date, "-06:00" or "-05:00". */
function offsetOf(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const name = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", timeZoneName: "longOffset" })
    .formatToParts(noon)
    .find((p) => p.type === "timeZoneName")?.value;
  return name?.replace("GMT", "") || "-06:00";
}
