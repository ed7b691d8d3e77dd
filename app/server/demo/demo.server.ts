import fs from "node:fs/promises";
import path from "node:path";
import { emailKey, phoneKey } from "~/lib/forms/contact-keys";
import { staffKey } from "~/lib/booking/model";
import { clientIdFor } from "../clients/clients.server";
import type { Db, DbOrTx } from "../db/database.server";
import { newManageKey } from "../booking/notices/manage-link.server";
import { newCalendarToken } from "../booking/notices/calendar-feed.server";
import { newWaitlistKey } from "../booking/waitlist/waitlist-links.server";
import { contactDefaults } from "~/content/contact";
import { localDate } from "~/lib/dates";
import { openingHours } from "../booking/model.server";
import { getSettings } from "../settings/settings.server";
import { storageOf, type ImageRoots } from "../media/image-variants.server";
import { removeImageFiles } from "../media/library.server";
import { DEMO_EMAIL_DOMAIN, DEMO_PHOTO_FOLDER, generateSalon, type DemoOptions, type DemoStaff } from "./generate";

/**
 * `npm run demo`: writes the generated salon (generate.ts) in batches, one transaction, and takes
 * it out again. Demo rows are the ones whose e-mail ends in DEMO_EMAIL_DOMAIN (staff, clients,
 * bookings, submissions, waiting list), the blocks on a demo person's time, and the uploads under
 * DEMO_PHOTO_FOLDER/ (copies of the site's photographs, written when given the media roots); the app_meta flag
 * DEMO_META_KEY tells the dashboard to say the data is a demo.
 */

export const DEMO_META_KEY = "demo_data";

/** What the dashboard says while demo data is in the database, and the command that removes it. */
export const DEMO_NOTICE = {
  text: "Demo data: the people, clients, appointments and messages here are made up. Remove them with",
  command: "npm run demo -- --remove",
};

export class DemoRefusedError extends Error {}

const DEMO_EMAIL = `%@${DEMO_EMAIL_DOMAIN}`;
const BATCH = 500;

export interface DemoCounts {
  staff: number;
  formerStaff: number;
  photos: number;
  clients: number;
  bookings: number;
  blocks: number;
  submissions: number;
  waitlist: number;
}

/** The salon's clock and open weekdays as this database keeps them, for a demo of `days` days ending today. */
export async function demoOptionsFor(db: DbOrTx, days: number, now = new Date()): Promise<DemoOptions> {
  const { timeZone } = await getSettings(db);
  const edited = await db
    .selectFrom("site_content")
    .select(["content_key", "content_value"])
    .where("page", "=", "contact")
    .where("content_key", "like", "hours_%")
    .execute();
  const contact = { ...contactDefaults, ...Object.fromEntries(edited.map((r) => [r.content_key, r.content_value])) };
  return {
    today: localDate(now, timeZone),
    days,
    timeZone,
    hours: openingHours(contact),
  };
}

/** Rows the owner made: bookings and submissions that are not the demo's. */
export async function ownRows(db: DbOrTx): Promise<number> {
  const [bookings, submissions] = await Promise.all([
    db
      .selectFrom("bookings")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("kind", "=", "appointment")
      .where("email", "not like", DEMO_EMAIL)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("form_submissions")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("email", "not like", DEMO_EMAIL)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(bookings.n) + Number(submissions.n);
}

export async function hasDemoData(db: DbOrTx): Promise<boolean> {
  const row = await db.selectFrom("app_meta").select("key").where("key", "=", DEMO_META_KEY).executeTakeFirst();
  return row !== undefined;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Replaces any earlier demo data with a new salon. Refuses when the database holds the owner's
 * own bookings or submissions, unless `force`.
 */
export async function loadDemo(
  db: Db,
  options: DemoOptions & { force?: boolean; media?: ImageRoots },
): Promise<DemoCounts> {
  if (!options.force) {
    const own = await ownRows(db);
    if (own > 0)
      throw new DemoRefusedError(
        `This database already has real bookings or submissions (${own}). Demo data is meant for an empty salon; add --force to load it anyway.`,
      );
  }
  await removeDemo(db, options.media);
  const salon = generateSalon(options);
  const photos = options.media ? salon.photos : [];
  if (options.media) {
    const storage = storageOf(options.media);
    const bytes = new Map<string, Buffer>();
    for (const p of photos) {
      const file = p.photo.file;
      if (!bytes.has(file)) bytes.set(file, await fs.readFile(path.join(options.media.publicDir, "images", file)));
      await storage.put(`${DEMO_PHOTO_FOLDER}/${p.name}`, bytes.get(file)!, "image/jpeg");
    }
  }
  const iso = (ms: number) => new Date(ms).toISOString();
  const now = new Date().toISOString();

  await db.transaction().execute(async (tx) => {
    const staffIds: number[] = [];
    const people: [DemoStaff, boolean][] = [
      ...salon.staff.map((p): [DemoStaff, boolean] => [p, true]),
      ...salon.formerStaff.map((p): [DemoStaff, boolean] => [p, false]),
    ];
    for (const [order, [person, active]] of people.entries()) {
      const row = await tx
        .insertInto("staff")
        .values({
          name: person.name,
          email: person.email,
          services: JSON.stringify(person.services),
          hours: person.weekdays
            ? JSON.stringify(
                Array.from({ length: 7 }, (_, day) =>
                  person.weekdays!.includes(day) ? options.hours[day].slice(0, 1) : [],
                ),
              )
            : "",
          is_active: active ? 1 : 0,
          display_order: 100 + order,
          calendar_token: newCalendarToken(),
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      staffIds[person.key] = row.id;
      await tx
        .insertInto("booking_resources")
        .values({ key: staffKey(row.id) })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    }
    await insertInBatches(photos, (batch) =>
      tx
        .insertInto("site_images")
        .values(
          batch.map((p) => ({
            storage_key: `${DEMO_PHOTO_FOLDER}/${p.name}`,
            original_name: p.name,
            mime_type: "image/jpeg",
            width: p.photo.width,
            height: p.photo.height,
            size_bytes: p.photo.sizeBytes,
            alt: p.photo.alt,
            variants: "[]",
            uploaded_by: null,
            created_at: iso(p.createdAt),
          })),
        )
        .execute(),
    );

    // Clients through the real matching, once each; their rows then carry the id.
    const clientIds: (number | null)[] = [];
    for (const [i, c] of salon.clients.entries())
      clientIds[i] = await clientIdFor(tx, { name: `${c.first} ${c.last}`, email: c.email, phone: c.phone });

    await insertInBatches(salon.bookings, (batch) =>
      tx
        .insertInto("bookings")
        .values(
          batch.map((b) => {
            const c = salon.clients[b.client];
            return {
              kind: "appointment" as const,
              resource: staffKey(staffIds[b.staffKey]),
              staff_id: staffIds[b.staffKey],
              service: b.service,
              option_name: b.option,
              duration_minutes: b.durationMinutes,
              price: b.price,
              starts_at: iso(b.start),
              ends_at: iso(b.end),
              status: b.status,
              requested_starts_at: null,
              first_name: c.first,
              last_name: c.last,
              email: c.email,
              phone: c.phone,
              email_key: emailKey(c.email),
              phone_key: phoneKey(c.phone),
              notes: "",
              reason: "",
              manage_key: newManageKey(),
              source: b.source,
              outcome: b.outcome,
              reminder_sent_at: null,
              client_id: clientIds[b.client],
              created_at: iso(b.createdAt),
              updated_at: iso(b.createdAt),
            };
          }),
        )
        .execute(),
    );
    await insertInBatches(salon.blocks, (batch) =>
      tx
        .insertInto("bookings")
        .values(
          batch.map((b) => ({
            kind: "block" as const,
            resource: staffKey(staffIds[b.staffKey]),
            staff_id: staffIds[b.staffKey],
            service: "",
            option_name: "",
            duration_minutes: Math.round((b.end - b.start) / 60_000),
            price: "",
            starts_at: iso(b.start),
            ends_at: iso(b.end),
            status: "confirmed" as const,
            requested_starts_at: null,
            first_name: "",
            last_name: "",
            email: "",
            phone: "",
            notes: b.label,
            reason: "",
            manage_key: newManageKey(),
            source: "staff" as const,
            reminder_sent_at: null,
            created_at: iso(b.start),
            updated_at: iso(b.start),
          })),
        )
        .execute(),
    );
    await insertInBatches(salon.submissions, (batch) =>
      tx
        .insertInto("form_submissions")
        .values(
          batch.map((s) => {
            const c = salon.clients[s.client];
            return {
              form_type: s.formType,
              name: `${c.first} ${c.last}`,
              email: c.email,
              phone: s.formType === "Newsletter" ? null : c.phone,
              service: s.service,
              preferred_date: null,
              preferred_time: null,
              message: s.message,
              status: s.status,
              details: null,
              page_path: "/",
              referrer: null,
              utm: null,
              client_ip: null,
              user_agent: null,
              client_id: clientIds[s.client],
              created_at: iso(s.createdAt),
              applicant_stage: s.formType === "Suite Application" ? ("new" as const) : null,
              applicant_stage_at: s.formType === "Suite Application" ? iso(s.createdAt) : null,
            };
          }),
        )
        .execute(),
    );
    await insertInBatches(salon.waitlist, (batch) =>
      tx
        .insertInto("waitlist_entries")
        .values(
          batch.map((w) => {
            const c = salon.clients[w.client];
            return {
              service: w.service,
              option_name: w.option,
              staff_id: w.staffKey === null ? null : staffIds[w.staffKey],
              first_name: c.first,
              last_name: c.last,
              email: c.email,
              phone: c.phone,
              from_date: w.fromDate,
              to_date: w.toDate,
              day_parts: "morning,afternoon",
              status: w.status,
              leave_key: newWaitlistKey(),
              client_id: clientIds[w.client],
              created_at: iso(w.createdAt),
              updated_at: iso(w.createdAt),
            };
          }),
        )
        .execute(),
    );
    await tx
      .insertInto("app_meta")
      .values({ key: DEMO_META_KEY, value: JSON.stringify({ days: options.days, today: options.today }) })
      .execute();
  });

  return {
    staff: salon.staff.length,
    formerStaff: salon.formerStaff.length,
    photos: photos.length,
    clients: new Set(salon.clients.map((c) => c.email)).size,
    bookings: salon.bookings.length,
    blocks: salon.blocks.length,
    submissions: salon.submissions.length,
    waitlist: salon.waitlist.length,
  };
}

/** Deletes exactly the demo's rows (see the module comment), and its photos' files when given `media`; the owner's own stay. */
export async function removeDemo(db: Db, media?: ImageRoots): Promise<void> {
  const photoKeys = await db
    .selectFrom("site_images")
    .select("storage_key")
    .where("builtin", "=", 0)
    .where("storage_key", "like", `${DEMO_PHOTO_FOLDER}/%`)
    .execute();
  await db.transaction().execute(async (tx) => {
    const staff = await tx.selectFrom("staff").select("id").where("email", "like", DEMO_EMAIL).execute();
    const staffIds = staff.map((s) => s.id);
    if (staffIds.length) {
      const resources = staffIds.map(staffKey);
      // A demo person's time off; an owner's entry that asked for a demo person now asks for anyone.
      await tx.deleteFrom("bookings").where("kind", "=", "block").where("resource", "in", resources).execute();
      await tx.updateTable("waitlist_entries").set({ staff_id: null }).where("staff_id", "in", staffIds).execute();
    }
    await tx.deleteFrom("bookings").where("email", "like", DEMO_EMAIL).execute();
    await tx.deleteFrom("waitlist_entries").where("email", "like", DEMO_EMAIL).execute();
    await tx.deleteFrom("form_submissions").where("email", "like", DEMO_EMAIL).execute();
    await tx.deleteFrom("clients").where("email", "like", DEMO_EMAIL).execute();
    await tx
      .deleteFrom("site_images")
      .where("builtin", "=", 0)
      .where("storage_key", "like", `${DEMO_PHOTO_FOLDER}/%`)
      .execute();
    if (staffIds.length) {
      await tx.deleteFrom("staff").where("id", "in", staffIds).execute();
      await tx.deleteFrom("booking_resources").where("key", "in", staffIds.map(staffKey)).execute();
    }
    await tx.deleteFrom("app_meta").where("key", "=", DEMO_META_KEY).execute();
  });
  if (media) for (const { storage_key } of photoKeys) await removeImageFiles(media, storage_key);
}
