import { timeZoneNote } from "~/lib/time-zone-note";
import { cn } from "~/lib/utils";

/**
 * The salon's time zone beside times a client reads. app/enhance/time-zone-notes.ts adds the
 * visitor's own zone when their device is set to another one.
 */
export function TimeZoneNote({ timeZone, className }: { timeZone: string; className?: string }) {
  return (
    <p
      data-time-zone-note={timeZone}
      className={cn(
        "text-sm text-muted-foreground",
        "data-[other-zone=true]:border-l-2 data-[other-zone=true]:border-accent data-[other-zone=true]:pl-3 data-[other-zone=true]:font-medium data-[other-zone=true]:text-foreground",
        className,
      )}
    >
      {timeZoneNote(timeZone)}
    </p>
  );
}
