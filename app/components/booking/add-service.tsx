import { buttonVariants } from "~/components/ui/button";
import type { VisitChoices } from "~/lib/booking/live-booking";
import { BOOKING_FORM_TEXT as T } from "~/content/bookings";
import { MAX_MORE_SERVICES } from "~/lib/booking/booking-request";
import { visitPersonValue } from "~/lib/booking/visit-form";

/**
 * "Add another service" (a cut and a colour, a manicure and a pedicure in one visit), inside the
 * booking form's GET form, folded until used: the services already added are checked boxes (untick and show times to
 * take one out), each with its choice of person when two or more do it, and the select adds one.
 * Without JavaScript the button reloads the page with `?also=service:option&with=id:service:option`;
 * with it a change does (app/enhance/features/live-booking.ts).
 */
export function AddServiceControl({ visit }: { visit: VisitChoices }) {
  const full = visit.chosen.length >= MAX_MORE_SERVICES;
  // Folded until used, so the day and the times stay in a phone's first screen.
  return (
    <details className="group min-w-0" open={visit.chosen.length > 0} data-add-service>
      <summary className="cursor-pointer text-sm font-medium text-accent underline-offset-4 hover:underline">
        Add another service to this visit
      </summary>
      <fieldset className="mt-3 flex min-w-0 flex-col gap-3">
        <legend className="sr-only">Also in this visit</legend>
        {visit.chosen.length > 0 && (
          <ul className="flex flex-col gap-2">
            {visit.chosen.map((c, index) => (
              <li key={`${index}:${c.value}`} className="flex flex-col gap-2">
                <label className="flex items-center gap-3 text-sm">
                  <input type="checkbox" name="also" value={c.value} defaultChecked className="size-5 accent-accent" />
                  {c.label}
                </label>
                {c.people.length > 1 && (
                  <label className="flex min-w-0 flex-col gap-2 pl-8 text-sm font-medium">
                    <span>
                      {T.person}
                      <span className="sr-only"> for {c.title}</span>
                    </span>
                    <select
                      name="with"
                      defaultValue={visitPersonValue(c, c.staffId)}
                      className="h-12 min-w-0 border border-input bg-surface px-3 text-base font-normal"
                    >
                      <option value={visitPersonValue(c, null)}>{T.anyone}</option>
                      {c.people.map((p) => (
                        <option key={p.id} value={visitPersonValue(c, p.id)}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            ))}
          </ul>
        )}
        {!full && (
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex min-w-0 flex-1 basis-full flex-col gap-2 text-sm font-medium sm:basis-auto">
              Add another service
              <select
                name="also"
                defaultValue=""
                className="h-12 min-w-0 border border-input bg-surface px-3 text-base font-normal"
              >
                <option value="">No other service</option>
                {visit.offered.map((group) => (
                  <optgroup key={group.service} label={group.service}>
                    {group.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonVariants({ variant: "outline" })} data-add-service-submit>
              Show times for the visit
            </button>
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          Services are done one after another, in this order, each by the person chosen for it or whoever is free.
        </p>
      </fieldset>
    </details>
  );
}

/** The added services and the people chosen for them, posted with the booking. */
export function VisitHiddenFields({ visit }: { visit?: VisitChoices }) {
  return (
    <>
      {visit?.chosen.map((c, index) => (
        <input key={`also:${index}`} type="hidden" name="also" value={c.value} />
      ))}
      {visit?.chosen.map((c, index) =>
        c.staffId === null ? null : (
          <input key={`with:${index}`} type="hidden" name="with" value={visitPersonValue(c, c.staffId)} />
        ),
      )}
    </>
  );
}
