/**
 * A field's error messages under it, as one line; `id` is what the control's aria-describedby
 * names. Renders nothing without errors. (Public forms use ErrorList: its slot is always there for
 * the enhancement script to fill.)
 */
export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {errors.join(" ")}
    </p>
  );
}
