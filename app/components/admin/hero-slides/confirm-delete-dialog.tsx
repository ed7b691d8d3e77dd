import { Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The confirmation before a slide is deleted, as an accessible alert dialog. */
export function ConfirmDeleteDialog({
  slideTitle,
  disabled,
  onConfirm,
  triggerClassName,
}: {
  slideTitle: string;
  disabled?: boolean;
  triggerClassName?: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          className={cn("text-danger hover:bg-danger/10", triggerClassName)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Delete<span className="sr-only"> slide “{slideTitle}”</span>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 border border-border bg-surface p-6 shadow-2xl sm:p-8">
          <AlertDialog.Title className="text-2xl">Delete slide</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-sm leading-relaxed text-foreground">
            Are you sure you want to delete this slide?
          </AlertDialog.Description>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
            “{slideTitle}” will be removed from the home page carousel. This cannot be undone.
          </p>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={onConfirm}>
                Delete slide
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
