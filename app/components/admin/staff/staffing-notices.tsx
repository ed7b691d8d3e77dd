import { CalendarClock, TriangleAlert, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { useFetcherReplyToast } from "~/components/admin/use-reply-toast";
import { Button } from "~/components/ui/button";
import type { StaffMember, StaffReply, UnassignedBooking } from "~/lib/booking/staff";
import { formatDateTime } from "~/lib/dates";
import { serviceTitle } from "~/lib/booking/model";

/** "Nails, Lashes and Makeup". */
function listOf(words: string[]): string {
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * Services no active person does: clients cannot book them online (their booking forms ask them
 * to call). Said where the owner can fix it, never left as a service with no free times.
 */
export function NobodyDoesWarning({ services, staffLink = false }: { services: string[]; staffLink?: boolean }) {
  if (services.length === 0) return null;
  const titles = listOf(services.map(serviceTitle));
  const them = services.length === 1 ? "it" : "them";
  return (
    <div
      role="note"
      className="flex items-start gap-3 border border-danger/40 bg-danger/5 p-4 text-sm"
      data-testid="nobody-does"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          Nobody offers {titles}: clients cannot book {them} online.
        </p>
        <p className="text-muted-foreground">
          Their booking pages ask visitors to call instead. Add {services.length === 1 ? "the service" : "them"} to
          someone&rsquo;s services
          {staffLink ? (
            <>
              {" "}
              on the{" "}
              <Link to="/admin/staff" className="underline underline-offset-4">
                Staff page
              </Link>
            </>
          ) : null}{" "}
          to take bookings again.
        </p>
      </div>
    </div>
  );
}

function AssignButton({ person, count }: { person: Pick<StaffMember, "id" | "name">; count: number }) {
  // The notice leaves with the reply that assigns the last booking: the layout toasts it.
  const fetcher = useFetcherReplyToast<StaffReply>(`assign-bookings-${person.id}`);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="assign-bookings" />
      <input type="hidden" name="id" value={person.id} />
      <Button
        type="submit"
        variant="outline"
        // A long name wraps inside the button on a phone instead of running out of the card.
        className="h-auto min-h-9 gap-1.5 px-3 py-1.5 text-left text-[0.8rem] font-medium tracking-normal whitespace-normal normal-case"
        disabled={fetcher.state !== "idle"}
      >
        <UserCheck className="size-4" aria-hidden="true" />
        Assign {count} upcoming {count === 1 ? "booking" : "bookings"} to {person.name}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Upcoming bookings made before anyone was set up, on their service's chair: until one is
 * assigned it holds every active person who does its service. Each active person who does some
 * of them gets a one-step "Assign N upcoming bookings to …" (checked like a front-desk booking).
 */
export function UnassignedBookingsCard({
  bookings,
  people,
  timeZone,
}: {
  bookings: UnassignedBooking[];
  people: Pick<StaffMember, "id" | "name" | "services" | "isActive">[];
  timeZone: string;
}) {
  const offers = people
    .filter((p) => p.isActive)
    .map((person) => ({ person, count: bookings.filter((b) => person.services.includes(b.service)).length }))
    .filter((o) => o.count > 0);
  if (bookings.length === 0 || offers.length === 0) return null;
  return (
    <section className="flex flex-col gap-4 border border-accent/50 bg-accent-soft/40 p-4" data-testid="unassigned">
      <div className="flex items-start gap-3 text-sm">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h3 className="font-sans text-sm font-medium">
            {bookings.length === 1
              ? "1 upcoming booking is not assigned to anyone"
              : `${bookings.length} upcoming bookings are not assigned to anyone`}
          </h3>
          <p className="text-muted-foreground">
            They were made before staff were set up. Until one is assigned, it keeps its time from everyone who does its
            service.
          </p>
        </div>
      </div>
      <ul className="divide-y divide-border border-y border-border text-sm" aria-label="Bookings not assigned">
        {bookings.map((b) => (
          <li key={b.id} className="flex flex-wrap gap-x-3 py-2">
            <span className="font-medium">{b.client || "A client"}</span>
            <span>{serviceTitle(b.service)}</span>
            <span className="text-muted-foreground">{formatDateTime(b.startsAt, timeZone)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {offers.map(({ person, count }) => (
          <AssignButton key={person.id} person={person} count={count} />
        ))}
      </div>
    </section>
  );
}

/** On the Bookings page: how many upcoming bookings nobody is assigned to, and where to assign them. */
export function UnassignedNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-3 border border-accent/50 bg-accent-soft/40 p-4 text-sm"
      data-testid="unassigned-note"
    >
      <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {count === 1 ? "1 upcoming booking is" : `${count} upcoming bookings are`} not assigned to anyone:{" "}
        {count === 1 ? "it keeps" : "each keeps"} its time from everyone who does its service. Assign{" "}
        {count === 1 ? "it" : "them"} on the{" "}
        <Link to="/admin/staff" className="underline underline-offset-4">
          Staff page
        </Link>
        .
      </span>
    </p>
  );
}
