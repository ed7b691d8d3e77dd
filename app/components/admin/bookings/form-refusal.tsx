import { useEffect, useRef } from "react";

/**
 * Why a page form of /admin/bookings was refused, above the form. It takes the focus when it
 * appears, so it is in view and read out even when the form was sent from its last button.
 */
export function FormRefusal({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <p ref={ref} tabIndex={-1} role="alert" className="border border-danger px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}
