import { cn } from "~/lib/utils";
import { formTypeLabel, STATUS_LABELS, type SubmissionStatus } from "~/lib/submissions";

const TYPE_STYLES: Record<string, string> = {
  appointment_request: "bg-accent-soft text-accent-strong",
  Booking: "bg-success/12 text-success",
  Contact: "bg-surface-muted text-foreground",
  "Suite Application": "bg-foreground text-background",
  Newsletter: "border border-border text-muted-foreground",
};

/** The form_type badge of a card: its readable name, the raw type kept for tests and styles. */
export function FormTypeBadge({ formType, className }: { formType: string; className?: string }) {
  return (
    <span
      data-form-type={formType}
      className={cn(
        "inline-flex items-center px-2.5 py-1 text-[0.7rem] font-semibold tracking-[0.12em] uppercase",
        TYPE_STYLES[formType] ?? "bg-surface-muted text-foreground",
        className,
      )}
    >
      {formTypeLabel(formType)}
    </span>
  );
}

/** New rows get the accent dot; answered ones a green label; other statuses a quiet label. */
export function StatusChip({ status }: { status: SubmissionStatus }) {
  if (status === "new") {
    return (
      <span data-status="new" className="inline-flex items-center gap-1.5 text-xs font-semibold text-accent">
        <span className="size-2 rounded-full bg-accent" aria-hidden="true" />
        {STATUS_LABELS.new}
      </span>
    );
  }
  return (
    <span
      data-status={status}
      className={cn(
        "text-xs font-medium",
        status === "spam" ? "text-danger" : status === "answered" ? "text-success" : "text-muted-foreground",
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
