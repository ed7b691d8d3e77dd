import { STAGE_LABELS, type ApplicantStage } from "~/lib/applicants/pipeline";
import { cn } from "~/lib/utils";

const STAGE_STYLES: Record<ApplicantStage, string> = {
  new: "bg-accent-soft text-accent-strong",
  tour_booked: "bg-surface-muted text-foreground",
  toured: "bg-surface-muted text-foreground",
  approved: "bg-success/12 text-success",
  declined: "border border-border text-muted-foreground",
  leased: "bg-foreground text-background",
};

/** An applicant's stage as a small label. */
export function StageChip({ stage, className }: { stage: ApplicantStage; className?: string }) {
  return (
    <span
      data-stage={stage}
      className={cn(
        "inline-flex items-center px-2.5 py-1 text-[0.7rem] font-semibold tracking-[0.12em] uppercase",
        STAGE_STYLES[stage],
        className,
      )}
    >
      {STAGE_LABELS[stage]}
    </span>
  );
}
