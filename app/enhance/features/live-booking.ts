/**
 * The booking page's times without page loads: a click on a day asks /api/availability for that
 * day's free times (the chosen person's, if any) and puts them in place of the listed ones (the
 * same radio buttons the server renders); choosing another option or person reloads the page for
 * it; the day strip's arrows scroll it a page of whole cards at a time. Without this script the
 * day links and the option form load the page with ?option=&staff=&date=, which renders the same.
 */
import { morePartsFromForm } from "~/lib/booking/visit-form";
import { TIME_CHIP_CLASS } from "~/lib/booking/time-chip";
import { WAITLIST_LINK_CLASS, WAITLIST_LINK_TEXT } from "~/lib/booking/waitlist-link";

interface Availability {
  closed: boolean;
  slots: { start: string }[];
  /** Nobody active does the service now: the sentence to show instead of times. */
  unavailable?: string;
}

const longDay = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

/** "2026-12-01T09:00:00-06:00" → "9:00 AM": the offset already makes it the salon's wall clock. */
function clockTime(iso: string): string {
  const hour = Number(iso.slice(11, 13));
  return `${hour % 12 || 12}:${iso.slice(14, 16)} ${hour < 12 ? "AM" : "PM"}`;
}

/** The same "Tell me if a time opens" link the server renders under a day with no free times (WaitlistLink). */
function waitlistLink(service: string, option: string, date: string): HTMLElement {
  const wrap = document.createElement("span");
  wrap.className = WAITLIST_LINK_CLASS.wrap;
  const link = document.createElement("a");
  link.href = `/waitlist?${new URLSearchParams({ service, option, date })}`;
  link.className = WAITLIST_LINK_CLASS.link;
  link.dataset.waitlistLink = "";
  link.textContent = WAITLIST_LINK_TEXT;
  wrap.append(link);
  return wrap;
}

function bind(root: HTMLElement) {
  const service = root.dataset.liveBooking ?? "";
  const optionForm = root.querySelector<HTMLFormElement>("form[data-live-option]");
  const option = root.querySelector<HTMLInputElement>('#booking-form input[name="option"]')?.value ?? "";
  const staff = root.querySelector<HTMLInputElement>('#booking-form input[name="staff"]')?.value ?? "any";
  const slots = root.querySelector<HTMLElement>("[data-live-slots]");
  const legend = root.querySelector<HTMLElement>("[data-live-times] legend");
  if (!slots || !legend) return;

  // The option form needs no button when a choice loads the page by itself.
  root.querySelector<HTMLElement>("[data-live-option-submit]")?.setAttribute("hidden", "");
  for (const choice of optionForm?.querySelectorAll("select") ?? [])
    choice.addEventListener("change", () => optionForm?.requestSubmit());
  bindDayStrip(root);
  // "Add another service": a change shows the visit's times at once.
  root.querySelector<HTMLElement>("[data-add-service-submit]")?.setAttribute("hidden", "");
  for (const also of optionForm?.querySelectorAll<HTMLInputElement>("input[name=also]") ?? [])
    also.addEventListener("change", () => optionForm?.requestSubmit());
  const valuesOf = (name: string) =>
    [...root.querySelectorAll<HTMLInputElement>(`#booking-form input[name="${name}"]`)].map((i) => i.value);
  const alsoParts = morePartsFromForm(valuesOf("also"), valuesOf("with"));

  const message = (text: string) => {
    const p = document.createElement("p");
    p.className = "mt-3 text-sm text-muted-foreground";
    p.textContent = text;
    slots.replaceChildren(p);
  };

  const render = (day: Availability, date: string) => {
    if (day.unavailable) return message(day.unavailable);
    if (day.closed) return message("We are closed that day. Please choose another day.");
    if (day.slots.length === 0) {
      message("No free times that day. Please choose another day.");
      return slots.firstElementChild?.append(waitlistLink(service, option, date));
    }
    const template = slots.querySelector("label");
    const grid = document.createElement("div");
    grid.className = "mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5";
    for (const { start } of day.slots) {
      const label = document.createElement("label");
      label.className = template?.className ?? TIME_CHIP_CLASS;
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "start";
      input.value = start;
      input.required = true;
      input.className = "sr-only";
      label.append(input, clockTime(start));
      grid.append(label);
    }
    slots.replaceChildren(grid);
  };

  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[data-day]")) {
    link.addEventListener("click", async (event) => {
      const date = link.dataset.day ?? "";
      event.preventDefault();
      const query = new URLSearchParams({ service, date, option, staff });
      // A visit of several services: the API takes each further service, option and person in order.
      for (const part of alsoParts) {
        query.append("service", part.service);
        query.append("option", part.option);
        query.append("staff", part.staff ? String(part.staff) : "any");
      }
      let day: Availability;
      try {
        const response = await fetch(`/api/availability?${query}`, { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(String(response.status));
        day = (await response.json()) as Availability;
      } catch {
        window.location.assign(link.href);
        return;
      }
      for (const other of root.querySelectorAll("a[data-day]")) other.removeAttribute("aria-current");
      link.setAttribute("aria-current", "date");
      legend.textContent = `Free times on ${longDay.format(new Date(`${date}T12:00:00Z`))}`;
      render(day, date);
      history.replaceState(null, "", link.href);
    });
  }
}

/** The strip's arrows: a page of whole cards back or on, each off at its end. */
function bindDayStrip(root: HTMLElement) {
  const list = root.querySelector<HTMLElement>("[data-day-strip-list]");
  const prev = root.querySelector<HTMLButtonElement>("[data-day-strip-prev]");
  const next = root.querySelector<HTMLButtonElement>("[data-day-strip-next]");
  const hint = root.querySelector<HTMLElement>("[data-day-strip-hint]");
  if (!list || !prev || !next) return;
  const update = () => {
    prev.disabled = list.scrollLeft <= 1;
    next.disabled = list.scrollLeft + list.clientWidth >= list.scrollWidth - 1;
  };
  const page = (direction: 1 | -1) => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollBy({ left: direction * list.clientWidth, behavior: reduce ? "auto" : "smooth" });
  };
  prev.addEventListener("click", () => page(-1));
  next.addEventListener("click", () => page(1));
  list.addEventListener("scroll", update, { passive: true });
  prev.hidden = false;
  next.hidden = false;
  if (hint) hint.textContent = "More days";
  // The chosen day in view (it may lie beyond the first page), without moving the page itself.
  const current = list.querySelector<HTMLElement>("[aria-current=date]")?.parentElement;
  if (current && current.offsetLeft + current.offsetWidth > list.clientWidth) list.scrollLeft = current.offsetLeft;
  update();
}

export function init() {
  for (const root of document.querySelectorAll<HTMLElement>("[data-live-booking]")) bind(root);
}
