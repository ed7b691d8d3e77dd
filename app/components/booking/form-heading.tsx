/** A group heading inside a long public form (booking, suite application), ruled to the right. */
export function FormHeading({ children, hint }: { children: React.ReactNode; hint?: string }) {
  return (
    <div>
      <h3 className="flex items-center gap-4 font-display text-xl font-normal">
        {children}
        <span aria-hidden className="h-px flex-1 bg-border" />
      </h3>
      {hint && <p className="mt-2 text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}
