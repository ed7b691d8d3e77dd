import { buttonVariants } from "~/components/ui/button";
import type { VisitChoices } from "~/lib/booking/live-booking";
import { MAX_MORE_SERVICES } from "~/lib/booking/booking-request";

/**
 * "Add another service" (a cut and a colour, a manicure and a pedicure in one visit), inside the
 * booking form's GET form, folded until used: the services already added are checked boxes (untick and show times to
 * take one out), the select adds one. Without JavaScript the button reloads the page with
 * `?also=service:option`; with it a change does (app/enhance/features/live-booking.ts).
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
            {visit.chosen.map((c) => (
              <li key={c.value}>
                <label className="flex items-center gap-3 text-sm">
                  <input type="checkbox" name="also" value={c.value} defaultChecked className="size-5 accent-accent" />
                  {c.label}
                </label>
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
          Services are done one after another, in this order, by whoever is free for each.
        </p>
      </fieldset>
    </details>
  );
}

/** The added services, posted with the booking. */
export function VisitHiddenFields({ visit }: { visit?: VisitChoices }) {
  return (
    <>
      {visit?.chosen.map((c) => (
        <input key={c.value} type="hidden" name="also" value={c.value} />
      ))}
    </>
  );
}
