/** The short help under a field, or nothing without one; `id` is what the control's aria-describedby names. */
export function FieldHint({ id, hint }: { id?: string; hint?: string }) {
  return hint ? (
    <p id={id} className="text-xs text-muted-foreground">
      {hint}
    </p>
  ) : null;
}
