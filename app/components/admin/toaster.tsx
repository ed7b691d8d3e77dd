import { useEffect } from "react";
import { toast } from "sonner";
import { Toaster } from "~/components/ui/sonner";

export interface FlashMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** The admin's toasts (sonner): bottom-right, about 4 s, errors in the danger colour. */
export function AdminToaster() {
  return <Toaster duration={4000} />;
}

export function showToast(message: FlashMessage) {
  if (message.variant === "destructive") toast.error(message.title, { description: message.description });
  else toast.success(message.title, { description: message.description });
}

/** Shows a message carried across a redirect (sign-in, sign-out) once, after hydration. */
export function useFlashToast(flash: FlashMessage | null | undefined) {
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
}
