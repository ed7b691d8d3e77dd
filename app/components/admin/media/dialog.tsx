import { X } from "lucide-react";
import { AlertDialog, Dialog } from "radix-ui";
import { cn } from "~/lib/utils";

const overlay = "fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]";
const panel =
  "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col border border-border bg-background shadow-2xl focus:outline-none";

/** A modal dialog (focus trapped, Escape closes, focus returns to the opener). */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          className={cn(panel, "max-w-3xl", className)}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-6 py-4">
            <div>
              <Dialog.Title className="font-display text-xl">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close className="-mr-2 p-2 text-muted-foreground hover:text-foreground" aria-label="Close">
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A confirmation that must be answered: Cancel has the focus first, the action is explicit. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: React.ReactNode;
  /** Without an action (it is not allowed now) the dialog only informs, with a Close button. */
  confirmLabel?: string;
  onConfirm?: () => void;
  busy?: boolean;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={cn(panel, "max-w-md gap-4 p-6")}>
          <AlertDialog.Title className="font-display text-xl">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="flex flex-col gap-3 text-sm">{children}</div>
          </AlertDialog.Description>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="inline-flex h-9 items-center justify-center border border-foreground/25 px-4 text-xs font-medium tracking-[0.18em] uppercase hover:border-foreground">
              {onConfirm ? "Cancel" : "Close"}
            </AlertDialog.Cancel>
            {onConfirm ? (
              <button
                type="button"
                disabled={busy}
                onClick={onConfirm}
                className="inline-flex h-9 items-center justify-center bg-danger px-4 text-xs font-medium tracking-[0.18em] text-background uppercase hover:bg-danger/90 disabled:opacity-60"
              >
                {busy ? "Deleting..." : confirmLabel}
              </button>
            ) : null}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
