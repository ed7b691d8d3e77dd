import { Upload } from "lucide-react";
import { useId, useState } from "react";
import { FieldHint } from "~/components/ui/field-hint";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/media";
import { cn } from "~/lib/utils";

/**
 * A drop area with a real file input behind a visible "choose" label, so it works by keyboard,
 * by click and by dragging files onto it.
 */
export function ImageDropzone({
  onFiles,
  multiple = false,
  disabled = false,
  title,
  hint,
  compact = false,
  className,
  inputLabel,
}: {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  title: string;
  hint?: string;
  compact?: boolean;
  className?: string;
  /** The accessible name of the file input (defaults to the title). */
  inputLabel?: string;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        if (disabled || !event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (disabled) return;
        const files = Array.from(event.dataTransfer.files);
        if (files.length) onFiles(multiple ? files : files.slice(0, 1));
      }}
      className={cn(
        "relative flex flex-col items-center justify-center gap-2 border border-dashed border-foreground/25 bg-surface text-center transition-colors",
        compact ? "px-4 py-4" : "px-6 py-10",
        over && "border-accent bg-accent-soft",
        disabled && "opacity-60",
        className,
      )}
    >
      {compact ? null : <Upload className="size-6 text-accent" aria-hidden="true" />}
      <input
        id={id}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        multiple={multiple}
        disabled={disabled}
        aria-label={inputLabel ?? title}
        className="peer sr-only"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          if (files.length) onFiles(files);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          "cursor-pointer text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-ring",
          disabled && "cursor-not-allowed",
        )}
      >
        <span className="font-medium underline decoration-accent/60 underline-offset-4 hover:decoration-accent">
          {title}
        </span>
        <span className="text-muted-foreground"> or drag {multiple ? "images" : "an image"} here</span>
      </label>
      <FieldHint hint={hint} />
    </div>
  );
}
