import { useEffect } from "react";
import { toast } from "sonner";
import { Toaster } from "~/components/ui/sonner";

export interface FlashMessage {
  title: string;
  description?: string;
  /** "notice": something to act on, in a toast that stays until it is closed. */
  variant?: "default" | "destructive" | "notice";
}

/**
 * The admin's toasts (sonner): about 4 s, errors in the danger colour. Top right, under the 64 px
 * header: the editors' Save buttons sit in a bar along the bottom, which a toast must never cover.
 */
export function AdminToaster() {
  return <Toaster duration={4000} position="top-right" offset={{ top: 80 }} mobileOffset={{ top: 72 }} />;
}

export function showToast(message: FlashMessage) {
  if (message.variant === "destructive") toast.error(message.title, { description: message.description });
  else if (message.variant === "notice")
    toast.warning(message.title, { description: message.description, duration: Number.POSITIVE_INFINITY });
  else toast.success(message.title, { description: message.description });
}

/** Shows a message carried across a redirect (sign-in, sign-out) once, after hydration. */
export function useFlashToast(flash: FlashMessage | null | undefined) {
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
}
