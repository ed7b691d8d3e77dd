/**
 * The admin's lists that grow, paged the one way (app/lib/paging.ts): the media library (newest
 * first, searched by file name and alt text), the staff list (display order, a page's rows knowing
 * their place in the whole list) and the waiting list (on the list first in line first, then the
 * rest latest first). A page past the end shows the last; a page before the first shows the first.
 */
import { describe, expect, it } from "vitest";
import { MEDIA_PAGE_SIZE } from "~/lib/media";
import { pageParam, pageSlice } from "~/lib/paging";
import { STAFF_PAGE_SIZE } from "~/lib/booking/staff";
import { activeStaff, listStaffPage } from "~/server/booking/people/staff.server";
import { listWaitlist, WAITLIST_PAGE_SIZE } from "~/server/booking/waitlist/waitlist.server";
import { ContentService } from "~/server/content/content.server";
import { libraryTotals, listImagesPage } from "~/server/media/library.server";
import { insertBookingRow } from "../support/booking-rows";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 12, minute)).toISOString();

describe("paging's arithmetic", () => {
  it("reads ?page= as a whole number from 1 and shows the last page for one past the end", () => {
    expect([null, "", "abc", "-5", "0", "2.5", "1e3", "2"].map(pageParam)).toEqual([1, 1, 1, 1, 1, 1, 1000, 2]);
    expect(pageParam("99999999999")).toBe(10_000);
    expect(pageSlice(0, 5, 25)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(pageSlice(51, 3, 25)).toEqual({ page: 3, pageCount: 3, offset: 50 });
    expect(pageSlice(51, 9, 25)).toEqual({ page: 3, pageCount: 3, offset: 50 });
    expect(pageSlice(50, 3, 25)).toEqual({ page: 2, pageCount: 2, offset: 25 });
  });
});

describe(`admin lists, paged (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;

  it("the media library: newest first a page at a time, searched by name or alt text, totals of the whole", async () => {
    await clearTables(db(), ["site_images"]);
    const count = MEDIA_PAGE_SIZE + 5;
    await db()
      .insertInto("site_images")
      .values(
        Array.from({ length: count }, (_, i) => ({
          storage_key: `2026/01/photo-${i}.jpg`,
          original_name: `photo-${i}.jpg`,
          mime_type: "image/jpeg",
          width: 800,
          height: 600,
          size_bytes: 1000 + i,
          alt: i % 10 === 3 ? "Pedicure chair 50%_off" : "",
          variants: "[]",
          uploaded_by: null,
          created_at: at(i),
        })),
      )
      .execute();

    const first = await listImagesPage(db(), { q: "", page: 1 });
    expect(first).toMatchObject({ total: count, page: 1, pageCount: 2 });
    expect(first.images.map((i) => i.name).slice(0, 2)).toEqual([`photo-${count - 1}.jpg`, `photo-${count - 2}.jpg`]);
    const second = await listImagesPage(db(), { q: "", page: 2 });
    expect(second.images.map((i) => i.name)).toEqual([
      "photo-4.jpg",
      "photo-3.jpg",
      "photo-2.jpg",
      "photo-1.jpg",
      "photo-0.jpg",
    ]);
    expect(await listImagesPage(db(), { q: "", page: 40 })).toEqual(second);

    // Any case; each word somewhere in the name or the alt; % and _ match themselves.
    const chairs = await listImagesPage(db(), { q: "CHAIR pedicure", page: 1 });
    expect(chairs.images.map((i) => i.name)).toEqual(["photo-23.jpg", "photo-13.jpg", "photo-3.jpg"]);
    expect((await listImagesPage(db(), { q: "50%_off", page: 1 })).total).toBe(3);
    expect((await listImagesPage(db(), { q: "50%x", page: 1 })).total).toBe(0);
    expect((await listImagesPage(db(), { q: "photo-2", page: 1 })).images.map((i) => i.name)).toEqual([
      "photo-28.jpg",
      "photo-27.jpg",
      "photo-26.jpg",
      "photo-25.jpg",
      "photo-24.jpg",
      "photo-23.jpg",
      "photo-22.jpg",
      "photo-21.jpg",
      "photo-20.jpg",
      "photo-2.jpg",
    ]);
    expect(await listImagesPage(db(), { q: "nothing", page: 3 })).toEqual({
      images: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
    expect(await libraryTotals(db())).toEqual({
      count,
      bytes: Array.from({ length: count }, (_, i) => 1000 + i).reduce((a, b) => a + b),
    });
  });

  it("the staff list: display order a page at a time, each row's place in the whole; the notices read who works now", async () => {
    await clearTables(db(), ["bookings", "staff"]);
    const count = STAFF_PAGE_SIZE + 2;
    const ids = (
      await db()
        .insertInto("staff")
        .values(
          Array.from({ length: count }, (_, i) => ({
            name: `Person ${String(i).padStart(2, "0")}`,
            services: JSON.stringify(["nails"]),
            // Listed in the reverse of their ids: the display order is what counts.
            display_order: count - i,
            is_active: i % 2,
            calendar_token: `token-${i}`,
            created_at: at(0),
            updated_at: at(0),
          })),
        )
        .returning("id")
        .execute()
    ).map((r) => r.id);

    const first = await listStaffPage(db(), 1);
    expect(first).toMatchObject({ total: count, page: 1, pageCount: 2, offset: 0 });
    expect(first.members[0].name).toBe(`Person ${count - 1}`);
    const last = await listStaffPage(db(), 2);
    expect(last).toMatchObject({ page: 2, offset: STAFF_PAGE_SIZE });
    expect(last.members.map((m) => m.name)).toEqual(["Person 01", "Person 00"]);
    expect(await listStaffPage(db(), 7)).toEqual(last);

    await insertBookingRow(db(), { staff_id: ids[0], service: "nails", starts_at: at(0) });
    const withBooking = (await listStaffPage(db(), 2)).members;
    expect(withBooking.map((m) => m.hasBookings)).toEqual([false, true]);

    const working = await activeStaff(db());
    expect(working).toHaveLength(Math.floor(count / 2));
    expect(working.every((p) => p.isActive && p.services[0] === "nails")).toBe(true);
    expect(working[0].name).toBe(`Person ${count % 2 ? count - 2 : count - 1}`);
  });

  it("the waiting list: on the list first in line first, then the rest latest first, across pages", async () => {
    await clearTables(db(), ["waitlist_offers", "waitlist_entries"]);
    // Twelve waiting or offered, thirty off the list, written in an order that is neither.
    const statuses = ["waiting", "booked", "offered", "left", "ended", "booked", "left"] as const;
    const rows = Array.from({ length: 42 }, (_, i) => ({
      service: "hair",
      option_name: "",
      staff_id: null,
      first_name: `Entry${String(i).padStart(2, "0")}`,
      last_name: "",
      email: `entry${i}@example.com`,
      phone: "",
      from_date: "2026-01-05",
      to_date: "2026-01-30",
      day_parts: "morning",
      status: statuses[i % statuses.length],
      leave_key: `leave-${i}`,
      // Minutes jumbled so that neither id nor insertion order is the age.
      created_at: at((i * 17) % 42),
      updated_at: at(0),
    }));
    await db().insertInto("waitlist_entries").values(rows).execute();
    const onList = rows.filter((r) => r.status === "waiting" || r.status === "offered");
    const offList = rows.filter((r) => !onList.includes(r));
    const expected = [
      ...onList.sort((a, b) => a.created_at.localeCompare(b.created_at)),
      ...offList.sort((a, b) => b.created_at.localeCompare(a.created_at)),
    ].map((r) => r.first_name);

    const content = new ContentService(db());
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listWaitlist(db(), content, page));
    expect(pages.map((p) => [p.page, p.pageCount, p.total])).toEqual([
      [1, 3, 42],
      [2, 3, 42],
      [3, 3, 42],
    ]);
    expect(pages.flatMap((p) => p.entries.map((e) => e.name))).toEqual(expected);
    expect(pages[0].entries).toHaveLength(WAITLIST_PAGE_SIZE);
    expect(await listWaitlist(db(), content, 99)).toEqual(pages[2]);
  });
});
