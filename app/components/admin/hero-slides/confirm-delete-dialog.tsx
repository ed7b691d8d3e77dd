import { Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/dialog";
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
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          className={cn("text-danger hover:bg-danger/10", triggerClassName)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Delete<span className="sr-only"> slide “{slideTitle}”</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete slide</AlertDialogTitle>
        <AlertDialogDescription className="text-foreground">
          Are you sure you want to delete this slide?
        </AlertDialogDescription>
        <p className="mt-2 text-sm text-muted-foreground">
          “{slideTitle}” will be removed from the home page carousel. This cannot be undone.
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete slide</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
