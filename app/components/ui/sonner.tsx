import { useRouteLoaderData } from "react-router";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import type { Theme } from "~/lib/theme";

/**
 * sonner's toaster in the site's tokens, for the pages that run React in the browser (the admin).
 * It follows the visitor's theme cookie ("system" lets sonner follow the operating system, as the
 * page does). Public pages have no React at runtime: their toasts are app/enhance/toast.ts.
 */
export function Toaster(props: ToasterProps) {
  const theme = useRouteLoaderData<{ theme: Theme }>("root")?.theme ?? "system";
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      style={
        {
          "--normal-bg": "var(--surface)",
          "--normal-text": "var(--foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "0px",
          fontFamily: "var(--font-sans)",
        } as React.CSSProperties
      }
      toastOptions={{ classNames: { title: "text-sm font-medium", description: "text-sm" } }}
      {...props}
    />
  );
}
