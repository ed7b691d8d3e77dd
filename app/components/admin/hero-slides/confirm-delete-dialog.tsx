import { Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ConfirmAction, ConfirmDescription, ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cn } from "~/lib/utils";

/** The confirmation before a slide is deleted. */
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
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          className={cn("text-danger hover:bg-danger/10", triggerClassName)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Delete<span className="sr-only"> slide “{slideTitle}”</span>
        </Button>
      }
      title="Delete slide"
      confirm={<ConfirmAction onClick={onConfirm}>Delete slide</ConfirmAction>}
    >
      <ConfirmDescription className="text-foreground">Are you sure you want to delete this slide?</ConfirmDescription>
      <p className="mt-2 text-sm text-muted-foreground">
        “{slideTitle}” will be removed from the home page carousel. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
