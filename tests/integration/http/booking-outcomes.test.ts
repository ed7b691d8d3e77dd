/**
 * Outcomes over HTTP: the front desk marks a no-show and takes it back from /admin/bookings (and a
 * visitor cannot); the request cards' server HTML says when each request came, when it lapses, its
 * price and the client's history; a client past the no-show limit is refused a held time on the
 * API and the booking page; the client's manage page says what became of the appointment.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { saveBookingSettings } from "~/server/booking/model.server";
import { clientKeys } from "~/server/booking/engine/client-cap.server";
import { insertBookingRow, type BookingRowValues } from "../../support/booking-rows";
import { openDayFromToday, salonTime } from "../../support/dates";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ADA = { email: "ada@example.com", phone: "(713) 555-0100" };
const iso = (ms: number) => new Date(ms).toISOString();

describe(`booking outcomes over HTTP (${testDialect})`, () => {
  const server = useTestServer();
  const db = () => server().db;
  const post = (fields: Record<string, string>, as?: "editor" | null) =>
    server().fetch("/admin/bookings", {
      method: "POST",
      body: new URLSearchParams(fields),
      ...(as !== undefined ? { as } : {}),
    });
  const visit = (values: BookingRowValues, client = ADA) =>
    insertBookingRow(db(), { ...client, ...clientKeys(client), source: "online", ...values });
  beforeEach(async () => {
    await db().deleteFrom("bookings").execute();
    await saveBookingSettings(db(), BOOKING_SETTINGS_DEFAULTS, null);
  });
  const outcomeOf = async (id: number) =>
    (await db().selectFrom("bookings").select("outcome").where("id", "=", id).executeTakeFirstOrThrow()).outcome;

  it("staff mark a begun appointment a no-show, the calendar marks it, a second mark is refused, and undo takes it back; a visitor changes nothing", async () => {
    const booked = await visit({ starts_at: iso(Date.now() - HOUR), first_name: "Noshow" });
    const id = String(booked.id);
    const anonymous = await post({ intent: "no-show", id });
    expect(anonymous.status).toBe(302);
    expect(await outcomeOf(booked.id)).toBe("");

    const marked = await post({ intent: "no-show", id }, "editor");
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain(STAFF_MESSAGES.noShow);
    expect(await outcomeOf(booked.id)).toBe("no_show");
    // The day's calendar marks it.
    const date = new Date(Date.now() - HOUR).toLocaleDateString("en-CA", { timeZone: "America/Chicago" });
    const day = await (await server().fetch(`/admin/bookings?view=day&date=${date}`, { as: "editor" })).text();
    expect(day).toMatch(/>Noshow Client<\/span><span[^>]*data-testid="calendar-no-show">No-show</);

    const again = await post({ intent: "no-show", id }, "editor");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(STAFF_MESSAGES.notNoShow);
    const undone = await post({ intent: "clear-outcome", id }, "editor");
    expect(undone.status).toBe(200);
    expect(await undone.text()).toContain(STAFF_MESSAGES.outcomeCleared);
    expect(await outcomeOf(booked.id)).toBe("");
  });

  it("a request card says when it came, when it lapses, its price and the client's history; a stranger is a new client", async () => {
    const now = Date.now();
    // Ada's past: a visit (by her e-mail) and a no-show (by her phone, typed another way).
    await visit({ starts_at: iso(now - 20 * DAY) });
    await visit({ starts_at: iso(now - 10 * DAY), outcome: "no_show" }, { email: "", phone: "713.555.0100" });
    const day = openDayFromToday(5);
    const made = iso(now - 2 * HOUR - 60_000);
    const start = salonTime(day, "09:00");
    await visit({
      starts_at: iso(Date.parse(start)),
      status: "requested",
      first_name: "Returning",
      price: "$150 + $45",
      created_at: made,
      updated_at: made,
    });
    await visit(
      { starts_at: iso(Date.parse(salonTime(day, "13:00"))), status: "requested", first_name: "Stranger" },
      { email: "new@example.com", phone: "(281) 555-0199" },
    );
    const html = await (await server().fetch("/admin/bookings", { as: "editor" })).text();
    const card = (name: string) => {
      const at = html.indexOf(`>${name} Client<`);
      expect(at).toBeGreaterThan(-1);
      return html.slice(at, html.indexOf("</li>", at));
    };
    const returning = card("Returning");
    expect(returning).toContain('data-testid="client-history">1 visit, 1 no-show<');
    expect(returning).toMatch(new RegExp(`<time dateTime="${made}" title="[^"]+">2 h ago</time>`));
    // It lapses 48 hours after it was made (the default expiry), before its start.
    const lapse = iso(Date.parse(made) + 48 * HOUR);
    expect(returning).toMatch(new RegExp(`<time dateTime="${lapse}" title="[^"]+">in 1 d · `));
    expect(returning).toContain("<dd>$195</dd>");
    expect(card("Stranger")).toContain('data-testid="client-history">New client<');
  });

  it("a client with as many no-shows as the limit is refused a held time on the API and the booking page, with a plain message", async () => {
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, noShowLimit: 1 }, null);
    await visit({ starts_at: iso(Date.now() - 3 * DAY), outcome: "no_show" }, { email: "ADA@example.com", phone: "" });
    const start = salonTime(openDayFromToday(5), "10:00");
    const request = { service: "nails", start, firstName: "Ada", lastName: "Client", ...ADA, agreeToTerms: true };
    const api = await server().fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    expect(api.status).toBe(409);
    const { error } = (await api.json()) as { error: string };
    expect(error).toMatch(
      /^We can no longer hold a time for you online\. Please send us a request from our contact page or call us at .+, and we will find you a time\.$/,
    );
    const page = await server().fetch("/book/nails", {
      method: "POST",
      body: new URLSearchParams({ ...request, agreeToTerms: "on" }),
    });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("We can no longer hold a time for you online.");
    expect(await db().selectFrom("bookings").select("id").where("status", "=", "requested").execute()).toEqual([]);
  });

  it("the manage page says the outcome in plain words", async () => {
    const start = salonTime(openDayFromToday(6), "11:00");
    const booked = await server().fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        service: "nails",
        start,
        firstName: "Ada",
        lastName: "Client",
        ...ADA,
        agreeToTerms: true,
      }),
    });
    expect(booked.status).toBe(201);
    const { manageUrl } = (await booked.json()) as { manageUrl: string };
    const path = new URL(manageUrl).pathname;
    const key = path.split("/").pop()!.split(".")[0];
    const set = (values: BookingRowValues | Record<string, unknown>) =>
      db().updateTable("bookings").set(values).where("manage_key", "=", key).execute();

    await set({ status: "confirmed", outcome: "no_show" });
    expect(await (await server().fetch(path)).text()).toContain(
      "We did not see you at this appointment, so it is recorded as missed.",
    );
    await set({ status: "cancelled", outcome: "late_cancellation" });
    expect(await (await server().fetch(path)).text()).toContain(
      "This booking was cancelled less than 24 hours before it, so it counts as a late cancellation.",
    );
    await set({
      status: "confirmed",
      outcome: "",
      starts_at: iso(Date.now() - 3 * DAY),
      ends_at: iso(Date.now() - 3 * DAY + HOUR),
    });
    expect(await (await server().fetch(path)).text()).toContain("Thank you for your visit.");
  });
});
