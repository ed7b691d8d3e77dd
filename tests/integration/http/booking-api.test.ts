/**
 * The booking JSON API as a client (or the booking page's script) uses it: the services with
 * their options, a day's live free times, and booking one of them.
 */
import { describe, expect, it } from "vitest";
import { addLocalDays, localDate, weekdayOf } from "~/lib/booking/availability";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { saveBookingSettings } from "~/server/booking/model.server";
import { find, findAll, hrefOf, text } from "../../support/html-fragments";
import { notBookableOnline } from "~/lib/booking/messages";
import { LAPSE_REASONS } from "~/lib/booking/messages";
import { untilKept } from "../../support/page-cache";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";
import { BOOKING_REFUSALS } from "~/server/booking/model.server";

/** The first Tuesday at least two days ahead in the salon's zone (open 9 to 6 by default). */
function nextTuesday(): string {
  let date = addLocalDays(localDate(Date.now(), "America/Chicago"), 2);
  while (weekdayOf(date) !== 2) date = addLocalDays(date, 1);
  return date;
}

const client = {
  firstName: "Ada",
  lastName: "Client",
  email: "ada@example.com",
  phone: "(713) 555-0100",
  agreeToTerms: true,
};

describe(`booking API (${testDialect})`, () => {
  const server = useTestServer();
  const json = (path: string) =>
    server()
      .fetch(path)
      .then(async (r) => ({ status: r.status, body: await r.json() }));
  const book = (body: unknown) =>
    server()
      .fetch("/api/bookings", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      })
      .then(async (r) => ({ status: r.status, body: await r.json() }));

  /** The booking a manage link opens: the link's first part is its key. */
  const bookingOf = (manageUrl: string) =>
    server()
      .db.selectFrom("bookings")
      .selectAll()
      .where("manage_key", "=", new URL(manageUrl).pathname.split("/").pop()!.split(".")[0])
      .executeTakeFirstOrThrow();

  it("GET /api/services lists every bookable service with options, lengths and prices", async () => {
    const { status, body } = await json("/api/services");
    expect(status).toBe(200);
    const hair = body.find((s: { id: string }) => s.id === "hair");
    expect(hair.title).toBe("Hair");
    expect(hair.options[0]).toEqual({ name: "Women's Haircut & Style", durationMinutes: 60, price: "$85" });
  });

  it("GET /api/availability gives a day's free times with the salon's offset; a closed day says so", async () => {
    const date = nextTuesday();
    const { status, body } = await json(`/api/availability?service=hair&date=${date}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ date, timeZone: "America/Chicago", closed: false });
    expect(body.slots[0].start).toMatch(new RegExp(`^${date}T09:00:00-0[56]:00$`));
    // The first option, a one-hour cut, in a 9-to-6 day: the last start is 5:00; a balayage (3 hours) ends by 6.
    expect(body.slots.at(-1).start).toMatch(/T17:00:00/);
    const balayage = await json(`/api/availability?service=hair&option=Balayage&date=${date}`);
    expect(balayage.body.slots.at(-1).start).toMatch(/T15:00:00/);
    expect(body.slots.every((s: { staff: unknown[] }) => Array.isArray(s.staff))).toBe(true);

    const sunday = addLocalDays(date, -2);
    expect((await json(`/api/availability?service=hair&date=${sunday}`)).body).toMatchObject({
      closed: true,
      slots: [],
    });
    for (const bad of [
      "service=hair&date=2026-02-30",
      "service=nope&date=" + date,
      `service=hair&date=${date}&staff=x`,
    ]) {
      const answer = await json(`/api/availability?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error, bad).toEqual(expect.any(String));
    }

    // Answered before Express, with the strict headers of every JSON answer; never cached.
    const response = await server().fetch(`/api/availability?service=hair&date=${date}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(
      /^default-src 'none'; frame-ancestors 'none'; sandbox/,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const post = await server().fetch(`/api/availability?service=hair&date=${date}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("POST /api/bookings books a free time once: 201 with a manage link, then 409 for the same time", async () => {
    const date = nextTuesday();
    const { body: day } = await json(`/api/availability?service=nails&date=${date}`);
    const start = day.slots[0].start;
    // The nails page and the booking page of that day (their free times) are in the page cache …
    const bookingPage = `/book/nails?date=${date}`;
    const cached = await untilKept(() => server().fetch("/services/nails"));
    await cached.arrayBuffer();
    expect(cached.headers.get("x-cache")).toBe("HIT");
    const keptDay = await untilKept(() => server().fetch(bookingPage));
    expect(await keptDay.text()).toContain(`value="${start}"`);
    const first = await book({ service: "nails", start, ...client });
    expect(first.status).toBe(201);
    // … and a booking drops them: the next view is rendered with the time gone.
    const fresh = await server().fetch("/services/nails");
    await fresh.arrayBuffer();
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    const freshDay = await server().fetch(bookingPage);
    expect(freshDay.headers.get("x-cache")).toBe("MISS");
    expect(await freshDay.text()).not.toContain(`value="${start}"`);
    // No id in the answer or the link: nothing tells how many bookings the salon has.
    expect(first.body).toEqual({
      status: "requested",
      manageUrl: expect.stringMatching(
        new RegExp(`^${server().url}/appointment/[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{32}$`),
      ),
    });
    const { id } = await bookingOf(first.body.manageUrl);
    expect(first.body.manageUrl).not.toMatch(/\/appointment\/\d+\./);
    expect(new URL(first.body.manageUrl).pathname.split(/[/.]/)).not.toContain(String(id));
    // Gone from the free times, and refused to the next person.
    const after = await json(`/api/availability?service=nails&date=${date}`);
    expect(after.body.slots.map((s: { start: string }) => s.start)).not.toContain(start);
    const second = await book({ service: "nails", start, ...client, email: "bea@example.com" });
    expect(second).toEqual({ status: 409, body: { error: BOOKING_REFUSALS.taken } });
    const rows = await server().db.selectFrom("bookings").select("email").where("service", "=", "nails").execute();
    expect(rows).toEqual([{ email: "ada@example.com" }]);
    // The client's e-mail was queued with the booking, once; the refused post queued nothing.
    const mails = await server()
      .db.selectFrom("mail_outbox")
      .select(["to_address", "subject"])
      .where("to_address", "in", ["ada@example.com", "bea@example.com"])
      .execute();
    expect(mails).toEqual([{ to_address: "ada@example.com", subject: expect.stringContaining("booking request") }]);
    // It goes out at once, not at the mail worker's next poll (a minute in these tests).
    await expect
      .poll(
        async () =>
          (
            await server()
              .db.selectFrom("mail_outbox")
              .select("status")
              .where("to_address", "=", "ada@example.com")
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 10_000 },
      )
      .toBe("sent");
  });

  // Booking a visit is in booking-visits.test.ts: this file's bookings stay within the per-address limit.
  it("a visit of several services: GET /api/availability gives each part's start, and the booking page offers it without JavaScript", async () => {
    // A week later than the other tests' day: their free times stay as they expect.
    const date = addLocalDays(nextTuesday(), 7);
    const query = new URLSearchParams({ service: "lashes", date });
    query.append("service", "eyebrows");
    query.append("option", "");
    query.append("option", "");
    const { status, body: day } = await json(`/api/availability?${query}`);
    expect(status).toBe(200);
    const [slot] = day.slots;
    expect(slot.parts).toHaveLength(2);
    expect(slot.parts[0].start).toBe(slot.start);
    expect(Date.parse(slot.parts[1].start)).toBeGreaterThan(Date.parse(slot.start));
    // The single form is answered as before, without parts.
    expect((await json(`/api/availability?service=lashes&date=${date}`)).body.slots[0]).not.toHaveProperty("parts");

    // The page, asked for the visit, offers "Add another service" with the service added and posts it with the booking.
    const services: { id: string; options: { name: string }[] }[] = (await json("/api/services")).body;
    const brows = `eyebrows:${services.find((s) => s.id === "eyebrows")!.options[0].name}`;
    const page = await server().fetch(`/book/lashes?date=${date}&also=${encodeURIComponent(brows)}`);
    const html = await page.text();
    expect(html).toContain("Add another service");
    // Checked in the form that shows the times, and posted with the booking.
    expect(findAll(html, "input", { type: "checkbox", name: "also", value: brows })).toHaveLength(1);
    expect(findAll(html, "input", { type: "hidden", name: "also", value: brows })).toHaveLength(1);
  });

  it("a booking with NUL, control and bidi characters in its names and notes is booked with them removed; half a character is refused with 400", async () => {
    const date = nextTuesday();
    const { body: day } = await json(`/api/availability?service=eyebrows&date=${date}`);
    const start = day.slots.at(-1).start;
    const created = await book({
      service: "eyebrows",
      start,
      ...client,
      firstName: "A\u0000da",
      lastName: "\u202EClient\u0007",
      notes: "Gate code\u0000 4412\nAllergic to latex\u2069",
    });
    expect(created.status).toBe(201);
    expect(await bookingOf(created.body.manageUrl)).toMatchObject({
      first_name: "Ada",
      last_name: "Client",
      notes: "Gate code 4412\nAllergic to latex",
    });
    // Half of an emoji (a lone surrogate, which only a hand-made JSON body can hold) is refused.
    const broken = await book({ service: "eyebrows", start: day.slots[0].start, ...client, firstName: "Ada\uD83D" });
    expect(broken).toEqual({
      status: 400,
      body: {
        error: "First name has a broken character in it. Please type it again.",
        fieldErrors: { firstName: ["First name has a broken character in it. Please type it again."] },
      },
    });
  });

  it("refuses bad bookings with a clear message and stores nothing", async () => {
    const date = nextTuesday();
    const cases: [unknown, number, string][] = [
      [
        { service: "hair", start: `${date}T09:00:00-06:00`, ...client, email: "nope" },
        400,
        "Enter a valid email address",
      ],
      [{ service: "hair", start: "tomorrow", ...client }, 400, "Choose a time"],
      [
        { service: "hair", start: `${date}T09:00:00-06:00`, ...client, agreeToTerms: false },
        400,
        "Please agree to the terms and cancellation policy",
      ],
      [
        { service: "hair", start: `${addLocalDays(date, -2)}T10:00:00-06:00`, ...client },
        400,
        BOOKING_REFUSALS.closed("Closed"),
      ],
    ];
    for (const [body, status, error] of cases) {
      const answer = await book(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error).toBe(error);
    }
    const notJson = await server().fetch("/api/bookings", { method: "POST", body: "service=hair" });
    expect(notJson.status).toBe(415);
    const crossSite = await server().fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ service: "hair" }),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toBe("Cross-site request refused");
    // Answered before Express, with the same rules as the middleware it skips.
    const malformed = await server().fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect([malformed.status, await malformed.json()]).toEqual([400, { error: "The body is not valid JSON." }]);
    expect(malformed.headers.get("cache-control")).toBe("no-store");
    expect(malformed.headers.get("x-content-type-options")).toBe("nosniff");
    const tooLarge = await server().fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ service: "hair", notes: "x".repeat(70 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toMatch(/too large/);
    const get = await server().fetch("/api/bookings");
    expect([get.status, get.headers.get("allow"), await get.json()]).toEqual([405, "POST", { error: "Use POST." }]);
    expect(await server().db.selectFrom("bookings").select("id").where("service", "=", "hair").execute()).toEqual([]);
  });

  it("the manage link shows the booking, lists another day's free times as radios, moves it, then cancels it", async () => {
    const date = nextTuesday();
    const { body: day } = await json(`/api/availability?service=makeup&date=${date}`);
    const created = await book({ service: "makeup", start: day.slots[0].start, ...client });
    const path = new URL(created.body.manageUrl).pathname;

    const page = await server().fetch(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Ada, here is your booking");
    expect(html).toContain("Makeup");
    expect(html).toContain("9:00 AM");
    expect(html).toContain("Requested");

    const wednesday = addLocalDays(date, 1);
    const other = await (await server().fetch(`${path}?date=${wednesday}`)).text();
    const radios = [...other.matchAll(/<input type="radio"[^>]*name="start" value="([^"]+)"/g)].map((m) => m[1]);
    expect(radios[0]).toMatch(new RegExp(`^${wednesday}T09:00:00-0[56]:00$`));

    const post = (body: Record<string, string>) =>
      server().fetch(path, { method: "POST", body: new URLSearchParams(body) });
    const moved = await post({ intent: "move", start: radios[2] });
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain("Your booking is moved.");
    const row = await bookingOf(created.body.manageUrl);
    expect(row.starts_at).toBe(new Date(radios[2]).toISOString());

    const cancelled = await post({ intent: "cancel" });
    expect(await cancelled.text()).toContain("Your booking is cancelled.");
    const again = await post({ intent: "cancel" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This booking is no longer active.");

    const token = path.split("/").pop()!;
    const [key, signature] = token.split(".");
    const changed = (text: string) => (text[0] === "A" ? "B" : "A") + text.slice(1);
    for (const wrong of [
      "A".repeat(32),
      `${row.id}.${"A".repeat(32)}`,
      `${changed(key)}.${signature}`,
      `${key}.${changed(signature)}`,
      `${row.id}.${changed(signature)}`,
      key,
    ]) {
      expect((await server().fetch(`/appointment/${wrong}`)).status, wrong).toBe(404);
    }
  });

  it("a manage link in the form e-mails carried before (the booking's id and the same signature) still opens the booking", async () => {
    const date = nextTuesday();
    const { body: day } = await json(`/api/availability?service=makeup&date=${date}`);
    const created = await book({ service: "makeup", start: day.slots[2].start, ...client, email: "old@example.com" });
    const { id } = await bookingOf(created.body.manageUrl);
    const signature = created.body.manageUrl.split(".").pop();
    const page = await server().fetch(`/appointment/${id}.${signature}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ada, here is your booking");
  });

  it("the manage link of an expired booking says whose answer did not come: the salon's to a request, the client's to a proposed time", async () => {
    const date = nextTuesday();
    const { body: day } = await json(`/api/availability?service=makeup&date=${date}`);
    const created = await book({ service: "makeup", start: day.slots[1].start, ...client, email: "exp@example.com" });
    const path = new URL(created.body.manageUrl).pathname;
    const { id } = await bookingOf(created.body.manageUrl);
    const expire = (reason: string) =>
      server().db.updateTable("bookings").set({ status: "expired", reason }).where("id", "=", id).execute();

    await expire(LAPSE_REASONS.request);
    const request = await (await server().fetch(path)).text();
    expect(request).toContain("Expired");
    expect(request).toContain("We could not answer this request in time, so its time is no longer held.");
    await expire(LAPSE_REASONS.proposal);
    const proposal = await (await server().fetch(path)).text();
    expect(proposal).toContain("We did not hear from you about the time we proposed, so it is no longer held.");
    expect(proposal).not.toContain("We could not answer this request in time");
  });

  it("without JavaScript /book/{id} lists a day's free times as radio buttons and books the one posted", async () => {
    const date = nextTuesday();
    // The page of a chosen day is kept (per whole query) and revalidated by browsers on every visit.
    const page = await untilKept(() => server().fetch(`/book/lashes?date=${date}`));
    await untilKept(() => server().fetch("/about"));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("public, no-cache");
    const html = await page.text();
    expect(html).toContain(
      `Free times on ${new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" })}`,
    );
    const radios = [...html.matchAll(/<input type="radio"[^>]*name="start" value="([^"]+)"/g)].map((m) => m[1]);
    expect(radios[0]).toMatch(new RegExp(`^${date}T09:00:00-0[56]:00$`));
    // The day strip links each day to the same page, for the same option.
    expect(html).toMatch(/href="\?option=[^"&]+&amp;date=\d{4}-\d{2}-\d{2}#book-times"/);

    const post = (fields: Record<string, string>) =>
      server().fetch("/book/lashes", {
        method: "POST",
        body: new URLSearchParams({ ...fields, firstName: "Ada", lastName: "Client", phone: "(713) 555-0100" }),
      });
    const booked = await post({ start: radios[1], email: "ada@example.com", agreeToTerms: "on" });
    expect(booked.status).toBe(200);
    const answer = await booked.text();
    expect(answer).toContain("Your time is held for you");
    expect(answer).toMatch(/href="\/appointment\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}"/);
    // The booking dropped the kept page at once: the day is rendered again without the time.
    const after = await server().fetch(`/book/lashes?date=${date}`);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).not.toContain(`value="${radios[1]}"`);
    // A page without free times stays kept: a booking changes none of it.
    expect((await server().fetch("/about")).headers.get("x-cache")).toBe("HIT");

    const taken = await post({ start: radios[1], email: "bea@example.com", agreeToTerms: "on" });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(BOOKING_REFUSALS.taken);
    const invalid = await post({ start: radios[2], email: "", agreeToTerms: "on" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Email is required");
    const rows = await server().db.selectFrom("bookings").select("email").where("service", "=", "lashes").execute();
    expect(rows).toEqual([{ email: "ada@example.com" }]);
  });

  it("without JavaScript the client chooses anyone or a person who does the service: the page lists that person's times and the booking is theirs", async () => {
    // A week after the day the other tests book makeup on: its 9:00 is free for everyone.
    const date = addLocalDays(nextTuesday(), 7);
    const at = new Date().toISOString();
    const add = (name: string, token: string) =>
      server()
        .db.insertInto("staff")
        .values({
          name,
          services: '["makeup"]',
          calendar_token: token.repeat(32),
          is_active: 1,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const iris = await add("Iris", "i");
    const jade = await add("Jade", "j");
    const radios = (html: string) =>
      [...html.matchAll(/<input type="radio"[^>]*name="start" value="([^"]+)"/g)].map((m) => m[1]);
    try {
      const nine = `${date}T09:00:00${(await json(`/api/availability?service=makeup&date=${date}`)).body.slots[0].start.slice(19)}`;
      const irisBooked = await book({
        service: "makeup",
        start: nine,
        staff: iris,
        ...client,
        email: "cora@example.com",
        phone: "(713) 555-0188",
      });
      expect(irisBooked.status, JSON.stringify(irisBooked.body)).toBe(201);

      const anyone = await (await server().fetch(`/book/makeup?date=${date}`)).text();
      const choice = find(anyone, "select", { name: "staff" });
      expect([...choice.inner.matchAll(/<option[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(
        expect.arrayContaining(["Anyone", "Iris", "Jade"]),
      );
      expect(choice.inner.indexOf(">Anyone<")).toBeLessThan(choice.inner.indexOf(">Iris<"));
      expect(radios(anyone)).toContain(nine);

      const irisPage = await (await server().fetch(`/book/makeup?staff=${iris}&date=${date}`)).text();
      expect(radios(irisPage)).not.toContain(nine);
      expect(irisPage).toContain(`<input type="hidden" name="staff" value="${iris}"/>`);
      // The day links keep the person chosen.
      expect(irisPage).toMatch(
        new RegExp(`href="\\?option=[^"&]+&amp;staff=${iris}&amp;date=\\d{4}-\\d{2}-\\d{2}#book-times"`),
      );
      const jadePage = await (await server().fetch(`/book/makeup?staff=${jade}&date=${date}`)).text();
      expect(radios(jadePage)).toContain(nine);

      const posted = await server().fetch(`/book/makeup?staff=${jade}&date=${date}`, {
        method: "POST",
        body: new URLSearchParams({
          service: "makeup",
          staff: String(jade),
          start: nine,
          firstName: "Bea",
          lastName: "Client",
          email: "dora@example.com",
          phone: "(713) 555-0101",
          agreeToTerms: "on",
        }),
      });
      expect(posted.status).toBe(200);
      const rows = await server()
        .db.selectFrom("bookings")
        .select(["email", "staff_id"])
        .where("email", "in", ["cora@example.com", "dora@example.com"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { email: "cora@example.com", staff_id: iris },
        { email: "dora@example.com", staff_id: jade },
      ]);
    } finally {
      await server().db.deleteFrom("bookings").where("email", "in", ["cora@example.com", "dora@example.com"]).execute();
      await server().db.deleteFrom("staff").where("id", "in", [iris, jade]).execute();
    }
  });

  it("a visit's added service has its own person: without JavaScript the page offers anyone or each who does it, lists the times that person is free for it and books them; the API takes the same", async () => {
    // Two weeks after the other tests' day: every time of it is free.
    const date = addLocalDays(nextTuesday(), 14);
    const at = new Date().toISOString();
    const add = (name: string, services: string[], token: string) =>
      server()
        .db.insertInto("staff")
        .values({
          name,
          services: JSON.stringify(services),
          calendar_token: token.repeat(32),
          is_active: 1,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const mo = await add("Mo", ["makeup"], "m");
    const kai = await add("Kai", ["nails"], "k");
    const lou = await add("Lou", ["nails"], "l");
    const emails = ["eve@example.com", "fay@example.com", "gus@example.com"];
    const manicure = "nails:Gel Manicure";
    const radios = (html: string) =>
      [...html.matchAll(/<input type="radio"[^>]*name="start" value="([^"]+)"/g)].map((m) => m[1]);
    const visitPage = async (person: string) =>
      (
        await server().fetch(
          `/book/makeup?${new URLSearchParams([["date", date], ["also", manicure], ...(person ? [["with", `${person}:${manicure}`]] : [])])}`,
        )
      ).text();
    try {
      const query = new URLSearchParams([
        ["service", "makeup"],
        ["service", "nails"],
        ["option", ""],
        ["option", "Gel Manicure"],
        ["date", date],
      ]);
      const [first] = (await json(`/api/availability?${query}&staff=any&staff=${lou}`)).body.slots;
      expect(first.parts[1].staff).toEqual([lou]);
      // A manicure of Lou's over the time the first visit's would start: with Lou, that visit is no longer offered.
      const louTimes: { start: string }[] = (
        await json(`/api/availability?service=nails&option=Gel+Manicure&staff=${lou}&date=${date}`)
      ).body.slots;
      const louBusy = await book({
        service: "nails",
        option: "Gel Manicure",
        start: louTimes.filter((t) => Date.parse(t.start) <= Date.parse(first.parts[1].start)).at(-1)!.start,
        staff: lou,
        ...client,
        email: emails[0],
        phone: "(713) 555-0190",
      });
      expect(louBusy.status, JSON.stringify(louBusy.body)).toBe(201);
      expect((await json(`/api/availability?${query}&staff=any&staff=${lou}`)).body.slots[0].start).not.toBe(
        first.start,
      );

      const anyone = await visitPage("");
      const choice = find(anyone, "select", { name: "with" });
      expect([...choice.inner.matchAll(/<option[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(["Anyone", "Kai", "Lou"]);
      expect(text(find(anyone, "label", { class: /pl-8/ }))).toMatch(/^Professional for Nails — Gel Manicure/);
      expect(radios(anyone)).toContain(first.start);

      const withLou = await visitPage(String(lou));
      expect(find(withLou, "option", { value: `${lou}:${manicure}` }).attrs).toHaveProperty("selected");
      expect(radios(withLou)).not.toContain(first.start);
      expect(findAll(withLou, "input", { type: "hidden", name: "with", value: `${lou}:${manicure}` })).toHaveLength(1);
      // The day links keep the person chosen for the manicure.
      const dayLinks = findAll(withLou, "a", { "data-day": true }).map((a) => a.attrs.href);
      expect(dayLinks.length).toBeGreaterThan(0);
      for (const href of dayLinks)
        expect(new URLSearchParams(href.slice(1).split("#")[0]).get("with")).toBe(`${lou}:${manicure}`);

      const start = radios(withLou)[0];
      const posted = await server().fetch(`/book/makeup?date=${date}`, {
        method: "POST",
        body: new URLSearchParams([
          ["service", "makeup"],
          ["start", start],
          ["also", manicure],
          ["with", `${lou}:${manicure}`],
          ["firstName", "Fay"],
          ["lastName", "Client"],
          ["email", emails[1]],
          ["phone", "(713) 555-0191"],
          ["agreeToTerms", "on"],
        ]),
      });
      expect(posted.status).toBe(200);
      const byPage = await server()
        .db.selectFrom("bookings")
        .selectAll()
        .where("email", "=", emails[1])
        .executeTakeFirstOrThrow();
      expect(byPage.staff_id).toBe(mo);
      expect(JSON.parse(byPage.parts).map((p: { staffId: number }) => p.staffId)).toEqual([mo, lou]);

      const withKai = (await json(`/api/availability?${query}&staff=any&staff=${kai}`)).body.slots;
      const byApi = await book({
        service: "makeup",
        start: withKai.at(-1).start,
        more: [{ service: "nails", option: "Gel Manicure", staff: kai }],
        ...client,
        email: emails[2],
        phone: "(713) 555-0192",
      });
      expect(byApi.status, JSON.stringify(byApi.body)).toBe(201);
      expect(JSON.parse((await bookingOf(byApi.body.manageUrl)).parts)[1].staffId).toBe(kai);
    } finally {
      await server().db.deleteFrom("bookings").where("email", "in", emails).execute();
      await server().db.deleteFrom("staff").where("id", "in", [mo, kai, lou]).execute();
    }
  });

  it("a service nobody active does: /book/{id}, its service page and /api/availability say so with the salon's number, and a booking of it is refused in the same words", async () => {
    const date = nextTuesday();
    const active = await server().db.selectFrom("staff").select("id").where("is_active", "=", 1).execute();
    await server().db.updateTable("staff").set({ is_active: 0 }).execute();
    // A nails booking made while nobody was set up (on the service's own chair).
    const { body: chair } = await json(`/api/availability?service=nails&date=${date}`);
    const before = await book({
      service: "nails",
      start: chair.slots.at(-1).start,
      ...client,
      email: "before@example.com",
      phone: "(713) 555-0177",
    });
    expect(before.status).toBe(201);
    const at = new Date().toISOString();
    const hana = await server()
      .db.insertInto("staff")
      .values({
        name: "Hana",
        services: '["hair"]',
        calendar_token: "h".repeat(32),
        is_active: 1,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      const message = notBookableOnline("Nails", "(713) 555-0142");
      expect(message).toBe("Online booking for Nails is not available right now. Call us at (713) 555-0142.");
      expect(await json(`/api/availability?service=nails&date=${date}`)).toEqual({
        status: 200,
        body: { date, timeZone: "America/Chicago", closed: false, slots: [], unavailable: message },
      });
      // Hair, which Hana does, still lists its times.
      expect((await json(`/api/availability?service=hair&date=${date}`)).body.slots.length).toBeGreaterThan(0);

      for (const path of ["/book/nails", `/services/nails?date=${date}`]) {
        const page = await server().fetch(path);
        expect(page.status, path).toBe(200);
        const html = await page.text();
        const notice = find(html, "div", { "data-not-bookable": true });
        expect(text(notice), path).toBe(`Your appointment${message}`);
        expect(hrefOf(notice, "(713) 555-0142"), path).toBe("tel:+17135550142");
        // No day strip and no form to fill in for nothing.
        expect(html, path).not.toContain('aria-label="Days"');
        expect(html, path).not.toContain('name="start"');
      }

      const refused = await book({ service: "nails", start: `${date}T10:00:00-06:00`, ...client });
      expect(refused).toEqual({ status: 400, body: { error: message } });

      // Its manage page says so too, instead of a day picker that never shows a time.
      const manage = await server().fetch(new URL(before.body.manageUrl).pathname);
      expect(manage.status).toBe(200);
      const html = await manage.text();
      const notice = find(html, "p", { "data-not-bookable-text": true });
      expect(text(notice)).toBe(message);
      expect(hrefOf(notice, "(713) 555-0142")).toBe("tel:+17135550142");
      expect(html).not.toContain("Show free times");
      expect(html).toContain("Cancel this appointment");
    } finally {
      await server().db.deleteFrom("bookings").where("email", "=", "before@example.com").execute();
      await server().db.deleteFrom("staff").where("id", "=", hana.id).execute();
      for (const { id } of active)
        await server().db.updateTable("staff").set({ is_active: 1 }).where("id", "=", id).execute();
    }
  });

  it("GET /calendar/{token}.ics: the salon's and a staff member's feeds as private text/calendar; unknown tokens and a replaced URL answer 404", async () => {
    const admin = await server().signIn("admin");
    const settingsPage = async () => {
      const page = await server().fetch("/admin/bookings/settings", { cookie: admin.cookie });
      expect(page.status).toBe(200);
      const url = /value="(http:\/\/[^"]+\/calendar\/[A-Za-z0-9_-]{32}\.ics)"/.exec(await page.text())?.[1];
      expect(url).toBeDefined();
      return new URL(url!).pathname;
    };
    const salonFeed = await settingsPage();
    expect(await settingsPage()).toBe(salonFeed);
    const at = new Date().toISOString();
    const staffToken = "s".repeat(32);
    await server()
      .db.insertInto("staff")
      .values({ name: "Bea", services: "[]", calendar_token: staffToken, is_active: 1, created_at: at, updated_at: at })
      .execute();

    for (const path of [salonFeed, `/calendar/${staffToken}.ics`]) {
      const feed = await server().fetch(path);
      expect(feed.status, path).toBe(200);
      expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(feed.headers.get("cache-control")).toBe("private, max-age=300");
      const body = await feed.text();
      expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(body).toContain("METHOD:PUBLISH");
    }
    for (const path of [`/calendar/${"x".repeat(32)}.ics`, `/calendar/${staffToken}`, "/calendar/short.ics"]) {
      const unknown = await server().fetch(path);
      expect(unknown.status, path).toBe(404);
      expect(unknown.headers.get("content-type")).not.toContain("text/calendar");
    }

    const regenerated = await server().fetch("/admin/bookings/settings", {
      method: "POST",
      cookie: admin.cookie,
      body: new URLSearchParams({ intent: "regenerate-feed" }),
    });
    expect(regenerated.status).toBe(200);
    const renewed = await settingsPage();
    expect(renewed).not.toBe(salonFeed);
    expect((await server().fetch(salonFeed)).status).toBe(404);
    expect((await server().fetch(renewed)).status).toBe(200);
  });

  it("/admin/bookings/settings is for admins: an editor is refused the page and its changes", async () => {
    const editor = await server().signIn("editor");
    expect((await server().fetch("/admin/bookings/settings", { cookie: editor.cookie })).status).toBe(403);
    const refused = await server().fetch("/admin/bookings/settings", {
      method: "POST",
      cookie: editor.cookie,
      body: new URLSearchParams({ intent: "add-closure", from: "2099-01-01", to: "", label: "" }),
    });
    expect(refused.status).toBe(403);
    expect(await server().db.selectFrom("booking_closures").select("id").execute()).toEqual([]);
    const page = await server().fetch("/admin/bookings/settings", { as: "admin" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Save booking settings");
    expect(html).toContain("Closures");
  });

  it(
    "the service pages book real free times without JavaScript, in each page's own words",
    { timeout: 60_000 },
    async () => {
      // Each service books as one chair while the salon has no active staff (another test adds some).
      const active = await server().db.selectFrom("staff").select("id").where("is_active", "=", 1).execute();
      await server().db.updateTable("staff").set({ is_active: 0 }).execute();
      try {
        await bookOnServicePages();
      } finally {
        for (const { id } of active)
          await server().db.updateTable("staff").set({ is_active: 1 }).where("id", "=", id).execute();
      }
    },
  );

  async function bookOnServicePages() {
    const date = nextTuesday();
    const radiosOf = (html: string) =>
      [...html.matchAll(/<input type="radio"[^>]*name="start" value="([^"]+)"/g)].map((m) => m[1]);
    let clients = 0;
    const post = (path: string, fields: Record<string, string>) =>
      server().fetch(path, {
        method: "POST",
        body: new URLSearchParams({
          firstName: "Ada",
          lastName: "Client",
          // A phone of each booking's own: one client holds only a few upcoming bookings.
          phone: `(713) 555-02${String(clients++).padStart(2, "0")}`,
          agreeToTerms: "on",
          ...fields,
        }),
      });
    const booked = (html: string) => text(find(html, "div", { "data-booked": true }));

    // The day link's page lists that day's free times as radio buttons.
    const page = await server().fetch(`/services/nails?option=Gel+Manicure&date=${date}`);
    expect(page.status).toBe(200);
    const radios = radiosOf(await page.text());
    expect(radios[0]).toMatch(new RegExp(`^${date}T\\d{2}:[03]0:00-0[56]:00$`));

    const made = await post(`/services/nails?option=Gel+Manicure&date=${date}`, {
      option: "Gel Manicure",
      start: radios[1],
      email: "nails@example.com",
    });
    expect(made.status).toBe(200);
    const answer = await made.text();
    expect(booked(answer)).toContain("Booking Request Submitted!");
    expect(booked(answer)).toContain("We'll contact you within 24 hours to confirm your Nail Services appointment.");
    expect(answer).toMatch(/href="\/appointment\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}"/);
    const nails = await server()
      .db.selectFrom("bookings")
      .selectAll()
      .where("email", "=", "nails@example.com")
      .execute();
    expect(nails).toEqual([
      expect.objectContaining({
        service: "nails",
        option_name: "Gel Manicure",
        status: "requested",
        starts_at: new Date(radios[1]).toISOString(),
      }),
    ]);

    // The same time again: the page's failure words with the reason, what was typed kept, nothing stored.
    const taken = await post("/services/nails", { option: "Gel Manicure", start: radios[1], email: "bea@example.com" });
    expect(taken.status).toBe(409);
    const refusal = await taken.text();
    expect(text(find(refusal, "div", { "data-form-status": true }))).toBe(
      `Error submitting booking${BOOKING_REFUSALS.taken}`,
    );
    expect(refusal).toContain('value="bea@example.com"');
    // A past time is refused too.
    const past = await post("/services/nails", { start: "2020-01-14T10:00:00-06:00", email: "past@example.com" });
    expect(past.status).toBe(400);

    // The facials-waxing page (also /services/wax) says "Booking Submitted!"; /services/facials books that service.
    const wax = radiosOf(await (await server().fetch(`/services/wax?date=${date}`)).text());
    const waxed = await post("/services/wax", { start: wax[0], email: "wax@example.com" });
    expect(booked(await waxed.text())).toContain(
      "Booking Submitted!We'll contact you within 24 hours to confirm your Facials & Waxing appointment.",
    );
    const facial = radiosOf(await (await server().fetch(`/services/facials?date=${date}`)).text());
    expect(facial).not.toContain(wax[0]);
    const facialBooked = await post("/services/facials", { start: facial[0], email: "facial@example.com" });
    expect(booked(await facialBooked.text())).toContain(
      "Booking Request Submitted!We'll contact you within 24 hours to confirm your Facials appointment.",
    );
    const rows = await server()
      .db.selectFrom("bookings")
      .select(["email", "service"])
      .where("email", "in", ["wax@example.com", "facial@example.com"])
      .orderBy("email")
      .execute();
    expect(rows).toEqual([
      { email: "facial@example.com", service: "facials-waxing" },
      { email: "wax@example.com", service: "facials-waxing" },
    ]);

    // When the salon confirms at once, a request's words would be wrong: the page says it is booked.
    await saveBookingSettings(server().db, { ...BOOKING_SETTINGS_DEFAULTS, confirmationMode: "instant" }, null);
    try {
      const hairPage = await (await server().fetch(`/services/hair?date=${date}`)).text();
      expect(hairPage).toContain("it is booked at once and the details come by e-mail");
      const confirmed = await post("/services/hair", { start: radiosOf(hairPage)[0], email: "instant@example.com" });
      expect(booked(await confirmed.text())).toContain("Booking Confirmed!Your Hair Services appointment is booked.");
    } finally {
      await saveBookingSettings(server().db, BOOKING_SETTINGS_DEFAULTS, null);
    }
  }

  describe("suite tours at /suites/tour", () => {
    const tourPost = (fields: Record<string, string>, query = "") =>
      server().fetch(`/suites/tour${query}`, {
        method: "POST",
        body: new URLSearchParams({ firstName: "Sam", lastName: "Stylist", phone: "(713) 555-0199", ...fields }),
      });

    // The home page's is checked with the rest of its HTML (public-html-a.test.ts).
    it("Book A Tour on /suites leads to /suites/tour", async () => {
      const suites = await (await server().fetch("/suites")).text();
      expect(suites).toMatch(/<a href="\/suites\/tour"[^>]*>Book A Tour</);
    });

    it("without JavaScript: the suite manager's free times as radios, the suite type kept, then the tour booked with the confirmation panel", async () => {
      const date = nextTuesday();
      const page = await server().fetch(`/suites/tour?type=small&date=${date}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("public, no-cache");
      const html = await page.text();
      expect(html).toContain("Tour the suites: Small Suites");
      expect(html).toMatch(/<option value="small" selected="">Small Suites<\/option>/);
      const radios = [...html.matchAll(/<input type="radio"[^>]*name="start" value="([^"]+)"/g)].map((m) => m[1]);
      // The seeded suite manager's tour hours: 10 to 5 on weekdays, 30 minutes a tour.
      expect(radios[0]).toMatch(new RegExp(`^${date}T10:00:00-0[56]:00$`));
      expect(radios.at(-1)).toMatch(new RegExp(`^${date}T16:30:00-0[56]:00$`));
      expect(html).toMatch(/href="\?date=\d{4}-\d{2}-\d{2}&amp;type=small#book-times"/);

      // Sam applied for a suite first: the tour moves their application on in the pipeline.
      const application = await server()
        .db.insertInto("form_submissions")
        .values({
          form_type: "Suite Application",
          name: "Sam Tour",
          email: "Sam@Example.com",
          status: "new",
          applicant_stage: "new",
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const stage = async () =>
        (
          await server()
            .db.selectFrom("form_submissions")
            .select("applicant_stage")
            .where("id", "=", application.id)
            .executeTakeFirstOrThrow()
        ).applicant_stage;
      expect(await stage()).toBe("new");

      const booked = await tourPost(
        { start: radios[2], email: "sam@example.com", specialty: "Lash artist", suiteType: "small" },
        "?type=small",
      );
      expect(booked.status).toBe(200);
      expect(await stage()).toBe("tour_booked");
      const answer = await booked.text();
      expect(answer).toContain("Your suite tour is booked");
      expect(answer).toMatch(
        /href="\/appointment\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}"[^>]*>View or change your tour/,
      );
      const row = await server()
        .db.selectFrom("bookings")
        .innerJoin("staff", "staff.id", "bookings.staff_id")
        .select(["bookings.notes", "bookings.duration_minutes", "staff.name", "bookings.manage_key"])
        .where("bookings.service", "=", "suite-tour")
        .where("bookings.email", "=", "sam@example.com")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        notes: "Specialty: Lash artist\nInterested in: Small Suites",
        duration_minutes: 30,
        name: "Suite Manager",
      });
      const manageUrl = answer.match(/href="(\/appointment\/[^"]+)"/)![1];
      const manage = await (await server().fetch(manageUrl)).text();
      expect(manage).toContain("Suite tour");
      expect(manage).not.toContain("Book again");

      // The time is now the manager's: the same time again is refused, and not offered.
      const taken = await tourPost({ start: radios[2], email: "kim@example.com", specialty: "Barber" });
      expect(taken.status).toBe(409);
      expect(await taken.text()).toContain(BOOKING_REFUSALS.taken);
      const again = await (await server().fetch(`/suites/tour?date=${date}`)).text();
      expect(again).not.toContain(`value="${radios[2]}"`);

      // The admin calendar shows it as the suite manager's booking, labelled Suite tour.
      const calendar = await (await server().fetch(`/admin/bookings?view=day&date=${date}`, { as: "editor" })).text();
      expect(calendar).toContain("Suite Manager");
      expect(calendar).toContain("Suite tour");
    });

    it("POST /api/bookings books a tour only with the tour page's fields: the specialty required, the suite type one of the salon's", async () => {
      const date = nextTuesday();
      const html = await (await server().fetch(`/suites/tour?date=${date}`)).text();
      const starts = [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]);
      const tour = {
        service: "suite-tour",
        start: starts.at(-1),
        firstName: "Api",
        lastName: "Tourist",
        email: "api-tour@example.com",
        phone: "(713) 555-0177",
      };
      const noSpecialty = await book(tour);
      expect(noSpecialty.status).toBe(400);
      expect(noSpecialty.body.fieldErrors).toEqual({ specialty: ["Your specialty is required"] });
      const unlisted = await book({ ...tour, specialty: "Nails", suiteType: "penthouse" });
      expect(unlisted.status).toBe(400);
      expect(unlisted.body.fieldErrors).toEqual({ suiteType: ["Choose a suite from the list, or “Not sure yet”"] });
      // Not as a further service of a visit either.
      const inVisit = await book({
        ...tour,
        service: "nails",
        agreeToTerms: true,
        more: [{ service: "suite-tour" }],
      });
      expect(inVisit.status).toBe(400);
      expect(inVisit.body.error).toBe("A suite tour is booked on its own, at /suites/tour.");
      const noRows = await server().db.selectFrom("bookings").select("id").where("email", "=", tour.email).execute();
      expect(noRows).toEqual([]);

      const booked = await book({ ...tour, specialty: "Nails", suiteType: "daily" });
      expect(booked.status).toBe(201);
      const row = await server()
        .db.selectFrom("bookings")
        .select(["service", "notes"])
        .where("email", "=", tour.email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ service: "suite-tour", notes: "Specialty: Nails\nInterested in: Daily Rentals" });
    });

    it("refuses a tour without its fields, keeping what was typed; an unknown suite type or day's time is refused too", async () => {
      const date = nextTuesday();
      const html = await (await server().fetch(`/suites/tour?date=${date}`)).text();
      const [start] = [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]);
      const missing = await tourPost({ start, email: "lee@example.com", specialty: "" });
      expect(missing.status).toBe(400);
      const body = await missing.text();
      expect(body).toContain("Your specialty is required");
      expect(body).toContain('value="lee@example.com"');
      const noTime = await tourPost({ email: "lee@example.com", specialty: "Nails" });
      expect(noTime.status).toBe(400);
      expect(await noTime.text()).toContain("Choose a time");
      const unknownType = await tourPost({
        start,
        email: "lee@example.com",
        specialty: "Nails",
        suiteType: "penthouse",
      });
      expect(unknownType.status).toBe(400);
      expect(await unknownType.text()).toContain("Choose a suite from the list");
      const monday = await tourPost({
        start: start.replace(date, addLocalDays(date, -1)),
        email: "lee@example.com",
        specialty: "Nails",
      });
      expect(monday.status).toBe(400);
      const rows = await server()
        .db.selectFrom("bookings")
        .select("id")
        .where("email", "=", "lee@example.com")
        .execute();
      expect(rows).toEqual([]);
    });
  });
});
