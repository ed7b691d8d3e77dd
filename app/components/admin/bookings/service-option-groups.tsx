import type { ServiceChoice } from "./choices";

/** An option as the desk's selects name it: "Women's Haircut & Style (60 min, $85)". */
export function optionLabel(option: ServiceChoice["options"][number]): string {
  return `${option.name} (${option.durationMinutes} min${option.price ? `, ${option.price}` : ""})`;
}

/** Every service's options in a select, grouped by service; each value is "service:option". */
export function ServiceOptionGroups({ services }: { services: ServiceChoice[] }) {
  return services.map((s) => (
    <optgroup key={s.id} label={s.title}>
      {s.options.map((o) => (
        <option key={o.name} value={`${s.id}:${o.name}`}>
          {optionLabel(o)}
        </option>
      ))}
    </optgroup>
  ));
}
