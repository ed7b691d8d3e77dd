import { cloneElement, useRef, useState, type MouseEvent, type ReactElement, type ReactNode } from "react";
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

/** What will happen, read out with the title. */
export const ConfirmDescription = AlertDialogDescription;
/** A confirming answer that closes the dialog and runs its onClick. */
export const ConfirmAction = AlertDialogAction;

/**
 * The one way the admin asks before something is removed, replaced or lost: an alert dialog that
 * must be answered (focus trapped, Cancel has it first, Escape answers Cancel, focus returns to the
 * opener). Opened by `trigger`, or by the caller through `open`/`onOpenChange`.
 * `confirm` is the confirming answer: a ConfirmAction, or a Button that stays while it works.
 * With `form`, the answers go inside that form, so a submit button as `confirm` posts it.
 * Without `confirm` the dialog only informs, and its one answer closes it.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  children,
  cancelLabel = "Cancel",
  confirm,
  form,
}: {
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  /** A ConfirmDescription, and anything shown after it. */
  children: ReactNode;
  cancelLabel?: string;
  confirm?: ReactNode;
  form?: ReactElement<{ children?: ReactNode }>;
}) {
  const cancel = <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>;
  // Radix gives the focus back to its trigger; a dialog opened by the caller gives it back to the opener.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (trigger || !opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        {children}
        {form ? (
          <AlertDialogFooter asChild>
            {cloneElement(form, undefined, form.props.children, cancel, confirm)}
          </AlertDialogFooter>
        ) : (
          <AlertDialogFooter>
            {cancel}
            {confirm}
          </AlertDialogFooter>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A form's submit button that asks first: with JavaScript a click opens the dialog and its
 * confirming answer submits the form; without JavaScript the button posts the form at once.
 */
export function ConfirmSubmit({
  button,
  title,
  description,
  confirmLabel,
}: {
  button: ReactElement<{
    onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
    ref?: React.Ref<HTMLButtonElement>;
  }>;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const ask = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      {cloneElement(button, { ref: buttonRef, onClick: ask })}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        confirm={<ConfirmAction onClick={() => buttonRef.current?.form?.requestSubmit()}>{confirmLabel}</ConfirmAction>}
      >
        <ConfirmDescription>{description}</ConfirmDescription>
      </ConfirmDialog>
    </>
  );
}
