import { Form } from "react-router";
import { SearchInput } from "~/components/admin/search-input";
import { cn } from "~/lib/utils";

/**
 * The filter bar of an admin list (applicants, clients, inbox): a GET form, so the URL carries the
 * filter and it works without JavaScript, with its fields and buttons, and beside it what acts on
 * the filtered list (Export CSV).
 */
export function ListFilterBar({
  label,
  children,
  aside,
}: {
  /** The search landmark's name ("Filter applicants"). */
  label: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 border border-border bg-surface p-4 lg:flex-row lg:items-end">
      <Form
        method="get"
        role="search"
        aria-label={label}
        className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-end"
      >
        {children}
      </Form>
      {aside}
    </div>
  );
}

/** One labelled field of a filter bar. */
export function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-xs font-medium tracking-[0.12em] text-muted-foreground uppercase">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The search box of a filter bar (`q`), showing the current query. */
export function FilterSearch({
  id,
  label,
  value,
  maxLength,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  placeholder: string;
}) {
  return (
    <FilterField id={id} label={label} className="flex-1">
      <SearchInput id={id} name="q" defaultValue={value} key={value} maxLength={maxLength} placeholder={placeholder} />
    </FilterField>
  );
}

/** A choice of a filter bar, its first option "any". */
export function FilterSelect({
  id,
  label,
  name,
  value,
  anyLabel,
  options,
  className,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  className?: string;
  onChange?: React.ChangeEventHandler<HTMLSelectElement>;
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        onChange={onChange}
        className="h-10 border border-border bg-surface px-3 text-sm focus-visible:border-foreground"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
