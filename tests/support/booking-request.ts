import type { Transaction } from "kysely";
import type { ServiceType } from "~/content/page-ids";
import { SERVICE_OPTIONS } from "~/content/service-pages";
import { bookingRequestSchema, type BookingRequest } from "~/lib/booking/booking-request";
import { BookingRefusedError } from "~/server/booking/engine/reserve.server";
import type { StaffContext } from "~/server/booking/commands/desk-actions.server";
import { ContentService } from "~/server/content/content.server";
import type { Db } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema";
import type { SiteSettings } from "~/server/settings/settings.server";

/*
 * What the booking tests share: the usual client's request, the front desk's context, what a booking
 * command came to, and a way to land someone else's change while a command is under way.
 */

/** The site's secret and address the clients' manage links are signed and written with. */
export const LINKS = { secret: "test-secret-of-the-site", publicUrl: "https://salon.example" };
/** The front desk, acting without an account of its own. */
export const DESK = { userId: null, email: "desk@aurelia.test" };

/** What a front-desk command runs with: the desk acting on `db` at `now`. */
export const deskContext = (db: Db, now: number): StaffContext => ({
  db,
  content: new ContentService(db),
  links: LINKS,
  actor: DESK,
  now,
});

/**
 * The menus the booking tests reckon with: every option of a service one length and price (hair and
 * lashes two hours, facials and waxing 45 minutes, the rest an hour). The built-in menu gives each
 * option its own length; these tests are about the engine's rules, not the menu, and their times are
 * written for those lengths.
 */
export async function useOneLengthPerService(db: Db): Promise<void> {
  const content = new ContentService(db);
  for (const [type, durationMinutes, price] of ONE_LENGTH_MENUS) {
    const options = SERVICE_OPTIONS[type].map((name) => ({ name, durationMinutes, price }));
    await content.save(`service-${type}`, { service_options: JSON.stringify(options) });
  }
}

const ONE_LENGTH_MENUS: [ServiceType, number, string][] = [
  ["hair", 120, "$150"],
  ["nails", 60, "$45"],
  ["body-sculpting", 60, "$200"],
  ["eyebrows", 60, "$120"],
  ["makeup", 60, "$80"],
  ["lashes", 120, "$100"],
  ["waxing", 45, "$60"],
];

export type RequestOverrides = Partial<Record<keyof BookingRequest, unknown>>;

/** Ada Client asks for hair on Tuesday 2026-12-01 at 9:00 (Chicago), with what `overrides` changes. */
export const bookingRequest = (overrides: RequestOverrides = {}): BookingRequest =>
  bookingRequestSchema.parse({
    service: "hair",
    start: "2026-12-01T09:00:00-06:00",
    firstName: "Ada",
    lastName: "Client",
    email: "ada@example.com",
    phone: "(713) 555-0100",
    agreeToTerms: true,
    ...overrides,
  });

/** What a booking command came to: "done", or its refusal as the client reads it ("409 Sorry, …"). */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "done";
  } catch (error) {
    if (error instanceof BookingRefusedError) return `${error.status} ${error.message}`;
    throw error;
  }
}

/**
 * A content service that runs `action` once, the next time a command asks it for the site's
 * settings: after the command has read the booking, before it writes. So a test lands another
 * person's change between the two, as when two people act at once, the same way on both databases.
 */
export class ContentServiceWithInterruption extends ContentService {
  private interruption?: () => Promise<unknown>;

  interruptWith(action: () => Promise<unknown>): this {
    this.interruption = action;
    return this;
  }

  override async getSettings(): Promise<SiteSettings> {
    const action = this.interruption;
    this.interruption = undefined;
    if (action) await action();
    return super.getSettings();
  }
}

/**
 * The database as a command sees it, where `action` runs once just before the command's next
 * transaction begins: after it has read the booking, before it writes. For a command that asks
 * for the site's settings before it reads (the bulk decline), where ContentServiceWithInterruption
 * would land the change too early. With `times`, it runs before each of that many transactions.
 */
export function databaseWithInterruption(db: Db, action: () => Promise<unknown>, times = 1): Db {
  let left = times;
  return new Proxy(db, {
    get(target, property) {
      if (property === "transaction")
        return () => {
          const builder = target.transaction();
          return {
            execute: async <T>(fn: (tx: Transaction<Database>) => Promise<T>) => {
              if (left > 0) {
                left--;
                await action();
              }
              return builder.execute(fn);
            },
          };
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
