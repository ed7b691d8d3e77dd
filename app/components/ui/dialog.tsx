import { X } from "lucide-react";
import { AlertDialog as AlertPrimitive, Dialog as DialogPrimitive, Slot } from "radix-ui";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/*
 * The admin's modal dialogs, on Radix: focus is trapped inside, Escape closes, focus returns to
 * the opener. `Dialog*` is a window with a Close button; `AlertDialog*` is a confirmation that must
 * be answered (role alertdialog, Cancel has the focus first, a click outside does not close it).
 */

const overlayClass = "fixed inset-0 z-50 bg-overlay backdrop-blur-[1px]";
const panelClass = cn(
  "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
  "border border-border bg-surface text-foreground shadow-2xl focus:outline-none",
);
const titleClass = "font-display text-2xl";
const descriptionClass = "text-sm text-muted-foreground";
const footerClass = "mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** The window: pass `aria-describedby={undefined}` when it has no DialogDescription. */
export function DialogContent({ className, children, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content className={cn(panelClass, "max-w-lg", className)} {...props}>
        {/* First in the content, so it has the focus when the window opens. */}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 p-2 text-muted-foreground hover:text-foreground"
          aria-label="Close"
        >
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1 border-b border-border py-4 pr-14 pl-6", className)} {...props} />;
}

/** The part that scrolls when the window is taller than the screen. */
export function DialogBody({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("min-h-0 flex-1 overflow-y-auto px-6 py-5", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn(titleClass, className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn(descriptionClass, className)} {...props} />;
}

/** A window with its title, description and scrolling body: the shape every `Dialog` shows. */
export function DialogWindow({
  title,
  description,
  bodyClassName,
  children,
  ...props
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  bodyClassName?: string;
} & Omit<React.ComponentProps<typeof DialogPrimitive.Content>, "title">) {
  return (
    <DialogContent {...props}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <DialogBody className={bodyClassName}>{children}</DialogBody>
    </DialogContent>
  );
}

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;

export function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof AlertPrimitive.Content>) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={overlayClass} />
      <AlertPrimitive.Content className={cn(panelClass, "max-w-md overflow-y-auto p-6", className)} {...props} />
    </AlertPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: React.ComponentProps<typeof AlertPrimitive.Title>) {
  return <AlertPrimitive.Title className={cn(titleClass, className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof AlertPrimitive.Description>) {
  return <AlertPrimitive.Description className={cn("mt-2", descriptionClass, className)} {...props} />;
}

/** The answers, right-aligned (stacked on a phone, the main one on top). `asChild` to make it a form. */
export function AlertDialogFooter({
  className,
  asChild,
  ...props
}: React.ComponentProps<"div"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "div";
  return <Comp className={cn(footerClass, className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: React.ComponentProps<typeof AlertPrimitive.Cancel>) {
  return <AlertPrimitive.Cancel className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}

/** The confirming answer; it closes the dialog. For a submit button that must not, use Button. */
export function AlertDialogAction({ className, ...props }: React.ComponentProps<typeof AlertPrimitive.Action>) {
  return <AlertPrimitive.Action className={cn(buttonVariants({ variant: "destructive" }), className)} {...props} />;
}
