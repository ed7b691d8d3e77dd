import { BOOKING_SERVICES } from "~/content/bookings";
import { SERVICE_MENU } from "~/content/service-pages";
import { addLocalDays, wallClockInstant, type WeeklyHours } from "~/lib/booking/availability";
import type { BookingSource, BookingStatus } from "~/lib/booking/model";
import type { FormType } from "~/lib/forms/submission";
import { SITE_PHOTOS, type SitePhoto } from "../media/site-photos";

/**
 * A believable salon with history, made from a seed: the same options give the same salon. Pure
 * (no database): demo.server.ts writes what this returns. Every e-mail ends in DEMO_EMAIL_DOMAIN,
 * which is how the demo's rows are told from the owner's own.
 */

export const DEMO_EMAIL_DOMAIN = "demo.aurelia.test";

export interface DemoOptions {
  /** The salon's date today, "YYYY-MM-DD": the history ends here and runs AHEAD_DAYS beyond. */
  today: string;
  /** Days of history before today. */
  days: number;
  timeZone: string;
  /** The salon's opening hours, Sunday first; a day's first interval is its working day. */
  hours: WeeklyHours;
  seed?: number;
}

export const AHEAD_DAYS = 21;

/** The built-in opening hours (Tuesday to Friday, 9:00 to 18:00), for tests and examples. */
export const SALON_WEEK: WeeklyHours = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day >= 2 && day <= 5 ? [{ opens: 9 * 60, closes: 18 * 60 }] : [],
);

export interface DemoStaff {
  key: number;
  name: string;
  email: string;
  services: string[];
  /** Weekdays they work, when not all of the salon's. */
  weekdays: number[] | null;
}

export interface DemoClient {
  first: string;
  last: string;
  email: string;
  phone: string;
  /** How often they come back, relative to the others. */
  weight: number;
}

export interface DemoBooking {
  staffKey: number;
  client: number;
  service: string;
  option: string;
  durationMinutes: number;
  price: string;
  start: number;
  end: number;
  status: BookingStatus;
  outcome: "" | "no_show" | "late_cancellation";
  source: BookingSource;
  createdAt: number;
}

export interface DemoBlock {
  staffKey: number;
  start: number;
  end: number;
  label: string;
}

export interface DemoSubmission {
  formType: FormType;
  client: number;
  service: string | null;
  message: string | null;
  createdAt: number;
  status: "new" | "read" | "archived";
}

export interface DemoWaitlistEntry {
  client: number;
  service: string;
  option: string;
  staffKey: number | null;
  fromDate: string;
  toDate: string;
  status: "waiting" | "booked" | "left" | "ended";
  createdAt: number;
}

/**
 * Where demo photos are stored, under the uploads: an upload's key starts with its year
 * (YYYY/MM/…), so this folder holds only the demo's.
 */
export const DEMO_PHOTO_FOLDER = "demo";

/** A photo the salon uploaded: a copy of one of the site's own photographs under a name of its own. */
export interface DemoPhoto {
  /** Its file name, and its key under DEMO_PHOTO_FOLDER. */
  name: string;
  /** The photograph in public/images it shows. */
  photo: SitePhoto;
  createdAt: number;
}

export interface DemoSalon {
  staff: DemoStaff[];
  /** People who worked here and left, about six a year: on the staff list, inactive. */
  formerStaff: DemoStaff[];
  /** About two uploads a week. */
  photos: DemoPhoto[];
  clients: DemoClient[];
  bookings: DemoBooking[];
  blocks: DemoBlock[];
  submissions: DemoSubmission[];
  waitlist: DemoWaitlistEntry[];
}

/** mulberry32: a small, fast PRNG whose sequence depends only on its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  "Olivia",
  "Emma",
  "Ava",
  "Sophia",
  "Mia",
  "Amelia",
  "Harper",
  "Evelyn",
  "Abigail",
  "Ella",
  "Grace",
  "Chloe",
  "Nora",
  "Lily",
  "Zoe",
  "Maya",
  "Aaliyah",
  "Layla",
  "Camila",
  "Priya",
  "Mei",
  "Yuki",
  "Fatima",
  "Isabel",
  "Lucia",
  "Hannah",
  "Leah",
  "Ruby",
  "Naomi",
  "Jasmine",
  "James",
  "Noah",
  "Liam",
  "Marcus",
  "Daniel",
  "Andre",
  "Mateo",
  "Ethan",
  "Omar",
  "Kenji",
];
const LAST_NAMES = [
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Lopez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Nguyen",
  "Hill",
  "Green",
  "Adams",
  "Baker",
  "Nelson",
  "Carter",
  "Mitchell",
  "Patel",
  "Kim",
];

const STAFF_PLAN: { name: string; services: string[]; weekdays: number[] | null }[] = [
  { name: "Sofia Reyes", services: ["hair"], weekdays: null },
  { name: "Marcus Bell", services: ["hair"], weekdays: null },
  { name: "Hannah Cole", services: ["hair"], weekdays: [2, 3, 5] },
  { name: "Aisha Grant", services: ["hair"], weekdays: null },
  { name: "Linh Tran", services: ["nails"], weekdays: null },
  { name: "Grace Park", services: ["nails"], weekdays: [3, 4, 5] },
  { name: "Nadia Flores", services: ["lashes", "eyebrows"], weekdays: null },
  { name: "Chloe Martin", services: ["lashes", "eyebrows", "makeup"], weekdays: [2, 4] },
  { name: "Elena Rossi", services: ["facials-waxing"], weekdays: null },
  { name: "Priya Shah", services: ["facials-waxing", "body-sculpting", "eyebrows"], weekdays: [2, 3, 4] },
];

const DAY_MS = 24 * 60 * 60 * 1000;

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];

/** Options of a booking service, from the built-in menu. */
function menuOf(serviceId: string) {
  const service = BOOKING_SERVICES.find((s) => s.id === serviceId);
  return service ? SERVICE_MENU[service.type] : [];
}

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

export function generateSalon(options: DemoOptions): DemoSalon {
  const random = seededRandom(options.seed ?? 36);
  const bookable = new Set(BOOKING_SERVICES.map((s) => s.id));
  const staff: DemoStaff[] = STAFF_PLAN.map((plan, key) => ({
    key,
    name: plan.name,
    email: `${plan.name.split(" ")[0].toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
    services: plan.services.filter((s) => bookable.has(s)),
    weekdays: plan.weekdays,
  })).filter((s) => s.services.length > 0);

  // About one client per six visits, at least a few hundred, of three kinds: occasional (most come
  // once), returning (a few times a year) and regulars (every few weeks).
  const visitsGuess = Math.max(1, options.days) * 40 * (options.hours.filter((day) => day.length).length / 7);
  const clientCount = Math.max(300, Math.round(visitsGuess / 6));
  const clients: DemoClient[] = [];
  for (let i = 0; i < clientCount; i++) {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    clients.push({
      first,
      last,
      email: `${first}.${last}.${i}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(),
      phone: `(312) 555-${String(1000 + (i % 9000)).padStart(4, "0")}`,
      weight: pickWeight(random()),
    });
  }
  const cumulative: number[] = [];
  let total = 0;
  for (const c of clients) cumulative.push((total += c.weight));
  const pickClient = () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const bookings: DemoBooking[] = [];
  const blocks: DemoBlock[] = [];
  const submissions: DemoSubmission[] = [];
  const waitlist: DemoWaitlistEntry[] = [];
  const first = addLocalDays(options.today, -options.days);
  const todayStart = wallClockInstant(options.today, 0, options.timeZone)!;
  const sources: BookingSource[] = ["online", "online", "online", "staff", "staff", "walk_in"];

  for (let d = 0; d <= options.days + AHEAD_DAYS; d++) {
    const date = addLocalDays(first, d);
    const weekday = weekdayOf(date);
    const ahead = d > options.days;
    // Submissions come every day, open or not.
    const dayStart = wallClockInstant(date, 0, options.timeZone)!;
    if (!ahead) {
      const count = Math.floor(random() * 4);
      for (let i = 0; i < count; i++) {
        const roll = random();
        const formType: FormType =
          roll < 0.35
            ? "Contact"
            : roll < 0.65
              ? "appointment_request"
              : roll < 0.75
                ? "Booking"
                : roll < 0.95
                  ? "Newsletter"
                  : "Suite Application";
        const createdAt = dayStart + Math.floor(random() * DAY_MS);
        submissions.push({
          formType,
          client: pickClient(),
          service:
            formType === "appointment_request" || formType === "Booking" ? pick(random, staff).services[0] : null,
          message:
            formType === "Contact"
              ? pick(random, CONTACT_MESSAGES)
              : formType === "Suite Application"
                ? "I rent a chair now and would like a suite of my own."
                : null,
          createdAt,
          status:
            todayStart - createdAt > 14 * DAY_MS
              ? random() < 0.7
                ? "archived"
                : "read"
              : random() < 0.5
                ? "new"
                : "read",
        });
      }
    }
    const open = options.hours[weekday]?.[0];
    if (!open) continue;
    // Quiet days: some days a third fewer visitors.
    const busyness = random() < 0.2 ? 0.6 : 1;
    for (const person of staff) {
      if (person.weekdays && !person.weekdays.includes(weekday)) continue;
      // A day off now and then, kept as time off.
      if (random() < 0.03) {
        blocks.push({
          staffKey: person.key,
          start: wallClockInstant(date, open.opens, options.timeZone)!,
          end: wallClockInstant(date, open.closes, options.timeZone)!,
          label: "Time off",
        });
        continue;
      }
      let minute = open.opens + (random() < 0.5 ? 0 : 30);
      while (minute < open.closes) {
        // Gaps between clients; a lunch hour kept free sometimes.
        if (random() > 0.62 * busyness) {
          minute += 30;
          continue;
        }
        const service = pick(random, person.services);
        const option = pick(random, menuOf(service));
        if (!option || minute + option.durationMinutes > open.closes) break;
        const start = wallClockInstant(date, minute, options.timeZone)!;
        const end = start + option.durationMinutes * 60_000;
        const source = pick(random, sources);
        const leadDays = source === "walk_in" ? 0 : Math.floor(random() * 21);
        const createdAt = Math.min(start - leadDays * DAY_MS - 3_600_000, todayStart);
        bookings.push({
          staffKey: person.key,
          client: pickClient(),
          service,
          option: option.name,
          durationMinutes: option.durationMinutes,
          price: option.price,
          start,
          end,
          source,
          createdAt,
          ...outcomeFor(random, ahead || start >= todayStart, source),
        });
        minute += option.durationMinutes + (random() < 0.6 ? 0 : 15);
      }
    }
    if (!ahead && random() < 0.15) {
      const person = pick(random, staff);
      const service = person.services[0];
      waitlist.push({
        client: pickClient(),
        service,
        option: menuOf(service)[0]?.name ?? service,
        staffKey: random() < 0.5 ? person.key : null,
        fromDate: date,
        toDate: addLocalDays(date, 14),
        status: d > options.days - 14 ? "waiting" : pick(random, ["booked", "left", "ended", "ended"] as const),
        createdAt: dayStart + 10 * 3_600_000,
      });
    }
  }
  // Made without the random sequence, so the rest of the salon stays what it was for a seed.
  const formerStaff: DemoStaff[] = Array.from({ length: Math.round((6 * options.days) / 365) }, (_, i) => {
    const plan = STAFF_PLAN[i % STAFF_PLAN.length];
    const first = FIRST_NAMES[(i * 7 + 3) % FIRST_NAMES.length];
    return {
      key: staff.length + i,
      name: `${first} ${LAST_NAMES[(i * 11 + 5) % LAST_NAMES.length]}`,
      email: `former.${first.toLowerCase()}.${i}@${DEMO_EMAIL_DOMAIN}`,
      services: plan.services.filter((s) => bookable.has(s)),
      weekdays: plan.weekdays,
    };
  });
  const photoCount = Math.round((options.days / 7) * 2);
  const photos: DemoPhoto[] = Array.from({ length: photoCount }, (_, i) => {
    const photo = SITE_PHOTOS[i % SITE_PHOTOS.length];
    const at = todayStart - options.days * DAY_MS + Math.floor(((i + 0.5) * options.days * DAY_MS) / photoCount);
    return {
      name: `${new Date(at).toISOString().slice(0, 10)}-${String(i).padStart(4, "0")}-${photo.file}`,
      photo,
      createdAt: at + 15 * 3_600_000,
    };
  });
  return { staff, formerStaff, photos, clients, bookings, blocks, submissions, waitlist };
}

/** How often a client comes, relative to others: 40 % occasional, 45 % returning, 15 % regulars. */
export const pickWeight = (roll: number) => (roll < 0.4 ? 0.3 : roll < 0.85 ? 2 : 8);

const CONTACT_MESSAGES = [
  "Do you have anything open for a bridal party of four in June?",
  "Is parking available near the salon?",
  "Can I buy a gift card for my sister?",
  "Do you do color for very curly hair?",
  "What products do you use for sensitive skin?",
];

/**
 * What became of a booking: one still ahead is confirmed (a few still requested); one in the past
 * was mostly kept, about 4 % were no-shows, and some were cancelled, late or in time.
 */
function outcomeFor(
  random: () => number,
  upcoming: boolean,
  source: BookingSource,
): Pick<DemoBooking, "status" | "outcome"> {
  const roll = random();
  if (upcoming) {
    if (source === "online" && roll < 0.08) return { status: "requested", outcome: "" };
    if (roll > 0.97) return { status: "cancelled", outcome: "" };
    return { status: "confirmed", outcome: "" };
  }
  if (roll < 0.04) return { status: "confirmed", outcome: "no_show" };
  if (roll < 0.06) return { status: "cancelled", outcome: "late_cancellation" };
  if (roll < 0.1) return { status: "cancelled", outcome: "" };
  return { status: "confirmed", outcome: "" };
}
