import { ImagePlus, Images } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/utils";
import { FieldError } from "~/components/admin/fields";
import { MAX_UPLOAD_LABEL } from "~/lib/media";
import { ImageDropzone } from "./media/dropzone";
import { LibraryPicker } from "./media/library-picker";
import { thumbnailUrl } from "./media/thumbnail";
import { UploadProgressList } from "./media/upload-progress";
import { useUploads } from "./media/use-uploads";

export interface ImageFieldProps {
  /** Form field name that carries the image path or URL (e.g. "/media/2026/salon.jpg"). */
  name: string;
  label: string;
  defaultValue?: string | null;
  /** When set, an alt-text input is shown under the image with this form field name. */
  altName?: string;
  altDefaultValue?: string | null;
  errors?: string[];
  hint?: string;
  className?: string;
  /** Told every new value (typed, uploaded, chosen or removed) as it is chosen. */
  onValueChange?: (value: { src: string; alt: string }) => void;
}

/**
 * An image for a form: upload one (picker or drop, with progress; it lands in the Media Library),
 * choose one from the library, or type a path or URL. Preview and Remove. The value travels in a
 * plain input named `name`, so the surrounding form posts it like any other field.
 */
export function ImageField({
  name,
  label,
  defaultValue,
  altName,
  altDefaultValue,
  errors,
  hint,
  className,
  onValueChange,
}: ImageFieldProps) {
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? "");
  const [alt, setAlt] = useState(altDefaultValue ?? "");
  const [pickerOpen, setPickerOpen] = useState(false);
  const srcRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  // Set by upload, library and Remove: the form around us hears those as ordinary edits.
  const announce = useRef(false);
  useEffect(() => {
    if (!announce.current) return;
    announce.current = false;
    for (const input of [srcRef.current, altRef.current]) {
      input?.dispatchEvent(new Event("input", { bubbles: true }));
      input?.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }, [value, alt]);

  const update = (src: string, nextAlt: string) => {
    setValue(src);
    setAlt(nextAlt);
    if (src !== value || nextAlt !== alt) onValueChange?.({ src, alt: nextAlt });
  };
  const choose = (url: string, libraryAlt?: string) => {
    announce.current = true;
    update(url, altName && !alt.trim() && libraryAlt ? libraryAlt : alt);
  };
  const { items, upload, dismiss, busy } = useUploads({ onUploaded: (image) => choose(image.url) });
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  return (
    <fieldset className={cn("flex min-w-0 flex-col gap-3", className)} data-image-field={name}>
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-[4/3] w-full shrink-0 items-center justify-center overflow-hidden border border-border bg-surface-muted sm:w-48">
          {value ? (
            <img
              src={thumbnailUrl(value)}
              alt={alt ? `Preview: ${alt}` : `Preview of ${label}`}
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="text-xs text-muted-foreground">No image</span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={`${id}-src`} className="text-xs text-muted-foreground">
            Image path or URL
          </label>
          <div className="flex gap-2">
            <input
              ref={srcRef}
              id={`${id}-src`}
              name={name}
              value={value}
              onChange={(event) => update(event.target.value, alt)}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={cn(hintId, errors?.length && errorId)}
              className="h-10 min-w-0 flex-1 border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger"
            />
            {value ? (
              <button
                type="button"
                onClick={() => choose("")}
                aria-label={`Remove ${label}`}
                className="h-10 border border-border px-3 text-sm hover:border-foreground"
              >
                Remove
              </button>
            ) : null}
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <ImageDropzone
              compact
              className="flex-1"
              title="Upload an image"
              inputLabel={`Upload an image for ${label}`}
              disabled={busy}
              onFiles={(files) => void upload(files.slice(0, 1))}
            />
            <button
              type="button"
              onClick={() => setPickerOpen(true)}
              className="inline-flex items-center justify-center gap-2 border border-border bg-surface px-4 py-3 text-sm hover:border-foreground"
            >
              <Images className="size-4 text-accent" aria-hidden="true" />
              Choose from library
            </button>
          </div>
          <UploadProgressList items={items} onDismiss={dismiss} />
          {altName ? (
            <>
              <label htmlFor={`${id}-alt`} className="text-xs text-muted-foreground">
                Alt text (describes the image for screen readers)
              </label>
              <input
                ref={altRef}
                id={`${id}-alt`}
                name={altName}
                value={alt}
                onChange={(event) => update(value, event.target.value)}
                className="h-10 border border-border bg-surface px-3 text-sm focus-visible:border-foreground"
              />
            </>
          ) : null}
          <p id={hintId} className="flex items-start gap-1.5 text-xs text-muted-foreground">
            <ImagePlus className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span>
              {hint ? `${hint} ` : ""}JPEG, PNG, WebP, AVIF or GIF up to {MAX_UPLOAD_LABEL}.
            </span>
          </p>
          <FieldError id={errorId} errors={errors} />
        </div>
      </div>
      <LibraryPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        selectedUrl={value}
        onChoose={(image) => {
          choose(image.url, image.alt);
          setPickerOpen(false);
        }}
      />
    </fieldset>
  );
}
