import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/components/ui/dialog";

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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="flex flex-col gap-3 text-foreground">{children}</div>
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{onConfirm ? "Cancel" : "Close"}</AlertDialogCancel>
          {onConfirm ? (
            <Button variant="destructive" disabled={busy} onClick={onConfirm}>
              {busy ? "Deleting..." : confirmLabel}
            </Button>
          ) : null}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
