import type { ActionReply } from "~/lib/forms/action-reply";
import type { PublicFormReply } from "~/lib/forms/public-form-types";
import type { ServiceOption } from "./service-options";

/** A day of the live booking form's strip: closed, or its free start times (ISO with offset). */
export interface LiveDay {
  date: string;
  closed: boolean;
  slots: string[];
}

/** A service option another part of the visit may be: "hair:Trim" as the form posts it. */
export interface VisitChoice {
  value: string;
  label: string;
}

export interface VisitChoices {
  /** Added, in order, with their labels. */
  chosen: (VisitChoice & {
    service: string;
    option: string;
    /** The service's and option's name, "Nails — Gel Manicure". */
    title: string;
    /** Who does the service, for the client to choose from (a choice only when two or more do). */
    people: { id: number; name: string }[];
    /** The person chosen for it, or null: anyone. */
    staffId: number | null;
  })[];
  /** Every option of every bookable service, grouped by service. */
  offered: { service: string; options: VisitChoice[] }[];
}

/** What a page with the live booking form renders it from (/book/{id} and the service pages). */
export interface LiveBookingData {
  serviceId: string;
  options: ServiceOption[];
  option: string;
  /** Who does the service, for the client to choose from (empty: the salon has no staff set up). */
  people: { id: number; name: string }[];
  /** The person whose times are shown, or null: anyone. */
  staffId: number | null;
  timeZone: string;
  instant: boolean;
  days: LiveDay[];
  selected: LiveDay | null;
  /** The services added to the visit, and those that may be added (see AddServiceControl). */
  visit?: VisitChoices;
  /** Set when nobody active does the service: the page says so, with the salon's phone, instead of times. */
  unavailable: { service: string; phone: string } | null;
}

/** What the page's action answers: the booking, or why not (with what was typed). */
export type LiveBookingReply =
  | (ActionReply & { ok: true; manageUrl: string; start: string; confirmed: boolean })
  | Extract<PublicFormReply, { ok: false }>;
