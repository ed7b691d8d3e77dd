import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FieldError } from "~/components/admin/fields";
import { Button } from "~/components/ui/button";
import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES, PRICE_MAX } from "~/lib/booking/service-options";
import { normalizeOptions } from "~/lib/editors/validation";

interface Row {
  name: string;
  durationMinutes: string;
  price: string;
  processingAfterMinutes: string;
  processingMinutes: string;
}

/**
 * An ordered list of options, posted as repeated form entries of `name` (and, with `details`, each
 * option's length `name.duration` and price `name.price`). Add by button or Enter (trimmed, blanks
 * ignored), remove, and reorder with Move up / Move down buttons so the order can be changed from
 * the keyboard too.
 */
export function OptionsField({
  name,
  label,
  initial,
  max,
  hint,
  errors,
  details,
}: {
  name: string;
  label: string;
  initial: {
    name: string;
    durationMinutes?: string;
    price?: string;
    processingAfterMinutes?: string;
    processingMinutes?: string;
  }[];
  max: number;
  hint?: string;
  errors?: string[];
  /** Lengths and prices are edited too; a new option starts with these. */
  details?: { durationMinutes: number; price: string };
}) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() =>
    initial.map((o) => ({
      name: o.name,
      durationMinutes: o.durationMinutes ?? String(details?.durationMinutes ?? ""),
      price: o.price ?? details?.price ?? "",
      processingAfterMinutes: o.processingAfterMinutes ?? "",
      processingMinutes: o.processingMinutes ?? "",
    })),
  );
  const options = rows.map((r) => r.name);
  const [draft, setDraft] = useState("");
  const [note, setNote] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const newInput = useRef<HTMLInputElement>(null);

  const add = () => {
    const option = normalizeOptions([draft])[0];
    if (!option) {
      setDraft("");
      return;
    }
    if (options.some((o) => o.toLowerCase() === option.toLowerCase())) {
      setNote(`"${option}" is already in the list.`);
      return;
    }
    setRows([
      ...rows,
      {
        name: option,
        durationMinutes: String(details?.durationMinutes ?? ""),
        price: details?.price ?? "",
        processingAfterMinutes: "",
        processingMinutes: "",
      },
    ]);
    setDraft("");
    setNote("");
    setAnnouncement(`Added ${option}. ${options.length + 1} options.`);
    newInput.current?.focus();
  };

  const remove = (index: number) => {
    const option = options[index];
    setRows(rows.filter((_, i) => i !== index));
    setAnnouncement(`Removed ${option}. ${options.length - 1} options.`);
    newInput.current?.focus();
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= options.length) return;
    const next = [...rows];
    [next[index], next[to]] = [next[to], next[index]];
    setRows(next);
    setAnnouncement(`Moved ${options[index]} to position ${to + 1} of ${options.length}.`);
    // Keep focus on the moved item's button in the same direction (or the other one at the ends).
    const option = options[index];
    requestAnimationFrame(() => {
      const edge = (by === -1 && to === 0) || (by === 1 && to === next.length - 1);
      const direction = edge ? (by === -1 ? "down" : "up") : by === -1 ? "up" : "down";
      buttons.current.get(`${direction}:${option}`)?.focus();
    });
  };

  const ref = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  const edit = (index: number, change: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const iconButton =
    "grid size-9 place-items-center border border-transparent text-muted-foreground transition-colors hover:border-border hover:text-foreground disabled:opacity-30 disabled:hover:border-transparent";

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {options.map((option) => (
        <input key={option} type="hidden" name={name} value={option} />
      ))}
      {details ? (
        <p className="-mt-1 text-xs text-muted-foreground">
          Each option&apos;s length in minutes ({MIN_DURATION_MINUTES}–{MAX_DURATION_MINUTES}) and price are shown to
          clients, and every price on the site is read from them; where the service is booked online the length decides
          the free times offered. New options start with {details.durationMinutes} min
          {details.price ? ` and ${details.price}` : ""}. A colour can have processing time: after the minutes of work
          you give, its person is free for another client for the processing minutes, then finishes.
        </p>
      ) : null}
      {options.length ? (
        <ol className="divide-y divide-border border border-border" aria-label={label} data-testid="service-options">
          {options.map((option, index) => (
            <li key={option} className="flex flex-wrap items-center gap-2 bg-surface py-1.5 pr-1.5 pl-3">
              <span className="w-6 shrink-0 text-xs text-muted-foreground tabular-nums" aria-hidden="true">
                {index + 1}.
              </span>
              <span className="min-w-0 flex-1 text-sm break-words" data-option>
                {option}
              </span>
              {details ? (
                <span
                  className="order-last flex basis-full flex-wrap items-center gap-2 pb-1 pl-8 sm:order-none sm:basis-auto sm:pb-0 sm:pl-0"
                  data-option-details
                >
                  <span className="flex items-center gap-1">
                    <input
                      type="number"
                      name={`${name}.duration`}
                      value={rows[index].durationMinutes}
                      onChange={(event) => edit(index, { durationMinutes: event.target.value })}
                      min={MIN_DURATION_MINUTES}
                      max={MAX_DURATION_MINUTES}
                      step={1}
                      inputMode="numeric"
                      aria-label={`Length of ${option} in minutes`}
                      className="h-9 w-20 border border-border bg-surface px-2 text-sm tabular-nums focus-visible:border-foreground"
                    />
                    <span className="text-xs text-muted-foreground" aria-hidden="true">
                      min
                    </span>
                  </span>
                  <input
                    name={`${name}.price`}
                    value={rows[index].price}
                    onChange={(event) => edit(index, { price: event.target.value })}
                    maxLength={PRICE_MAX}
                    aria-label={`Price of ${option}`}
                    placeholder="Price"
                    className="h-9 w-24 border border-border bg-surface px-2 text-sm focus-visible:border-foreground"
                  />
                  <span className="flex items-center gap-1 text-xs text-muted-foreground">
                    <span aria-hidden="true">processing after</span>
                    <input
                      type="number"
                      name={`${name}.processingAfter`}
                      value={rows[index].processingAfterMinutes}
                      onChange={(event) => edit(index, { processingAfterMinutes: event.target.value })}
                      min={MIN_DURATION_MINUTES}
                      step={1}
                      inputMode="numeric"
                      aria-label={`Minutes of work on ${option} before processing (optional)`}
                      className="h-9 w-16 border border-border bg-surface px-2 text-sm text-foreground tabular-nums focus-visible:border-foreground"
                    />
                    <span aria-hidden="true">for</span>
                    <input
                      type="number"
                      name={`${name}.processing`}
                      value={rows[index].processingMinutes}
                      onChange={(event) => edit(index, { processingMinutes: event.target.value })}
                      min={MIN_DURATION_MINUTES}
                      step={1}
                      inputMode="numeric"
                      aria-label={`Processing minutes of ${option} (optional)`}
                      className="h-9 w-16 border border-border bg-surface px-2 text-sm text-foreground tabular-nums focus-visible:border-foreground"
                    />
                    <span aria-hidden="true">min</span>
                  </span>
                </span>
              ) : null}
              <span className="flex shrink-0">
                <button
                  type="button"
                  ref={ref(`up:${option}`)}
                  className={iconButton}
                  onClick={() => move(index, -1)}
                  disabled={index === 0}
                  aria-label={`Move ${option} up`}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  ref={ref(`down:${option}`)}
                  className={iconButton}
                  onClick={() => move(index, 1)}
                  disabled={index === options.length - 1}
                  aria-label={`Move ${option} down`}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-danger`}
                  onClick={() => remove(index)}
                  aria-label={`Remove ${option}`}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          No service options added yet
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-new`} className="text-xs text-muted-foreground">
          New option
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-new`}
            ref={newInput}
            value={draft}
            maxLength={max}
            onChange={(event) => {
              setDraft(event.target.value);
              setNote("");
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }}
            placeholder="e.g. Women's Haircut & Style"
            aria-describedby={note ? `${id}-note` : undefined}
            className="h-10 min-w-0 flex-1 border border-border bg-surface px-3 text-sm focus-visible:border-foreground"
          />
          <Button type="button" variant="outline" onClick={add}>
            <Plus className="size-4" aria-hidden="true" />
            Add
          </Button>
        </div>
        {note ? (
          <p id={`${id}-note`} className="text-xs text-muted-foreground">
            {note}
          </p>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <FieldError errors={errors} />
    </fieldset>
  );
}
