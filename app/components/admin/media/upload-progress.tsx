import { CircleAlert, CircleCheck, X } from "lucide-react";
import type { UploadItem } from "./use-uploads";

/** One line per file being uploaded: name, a progress bar, then done or the reason it failed. */
export function UploadProgressList({ items, onDismiss }: { items: UploadItem[]; onDismiss?: (key: string) => void }) {
  if (!items.length) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Uploads">
      {items.map((item) => (
        <li
          key={item.key}
          className="flex flex-col gap-1.5 border border-border bg-surface px-3 py-2 text-sm"
          data-upload-status={item.status}
        >
          <div className="flex items-center gap-2">
            {item.status === "done" ? (
              <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
            ) : item.status === "error" ? (
              <CircleAlert className="size-4 shrink-0 text-danger" aria-hidden="true" />
            ) : null}
            <span className="min-w-0 flex-1 truncate">{item.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">
              {item.status === "done"
                ? "Uploaded"
                : item.status === "error"
                  ? "Failed"
                  : item.status === "queued"
                    ? "Waiting"
                    : `${Math.round(item.progress * 100)}%`}
            </span>
            {onDismiss && (item.status === "done" || item.status === "error") ? (
              <button
                type="button"
                onClick={() => onDismiss(item.key)}
                className="-mr-1 p-1 text-muted-foreground hover:text-foreground"
                aria-label={`Dismiss ${item.name}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            ) : null}
          </div>
          {item.status === "uploading" || item.status === "queued" ? (
            <div
              role="progressbar"
              aria-label={`Uploading ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(item.progress * 100)}
              className="h-1 w-full overflow-hidden bg-surface-muted"
            >
              <div
                className="h-full bg-accent transition-[width] duration-200"
                style={{ width: `${item.progress * 100}%` }}
              />
            </div>
          ) : null}
          {item.error ? (
            <p role="alert" className="text-xs text-danger">
              {item.error}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
