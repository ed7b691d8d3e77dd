/**
 * Notification toasts for the public pages (the look and timing of the admin's sonner toasts,
 * without React): bottom-right, about 4 s, announced politely (errors assertively), closable.
 */
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  durationMs?: number;
}

let region: HTMLElement | null = null;

function toastRegion(): HTMLElement {
  if (region && document.body.contains(region)) return region;
  region = document.createElement("section");
  region.setAttribute("aria-label", "Notifications");
  region.className = "toast-region";
  document.body.append(region);
  return region;
}

export function toast({ title, description, variant = "default", durationMs = 4000 }: ToastOptions): void {
  const item = document.createElement("div");
  item.className = `toast ${variant === "destructive" ? "toast-destructive" : ""}`;
  item.setAttribute("role", variant === "destructive" ? "alert" : "status");
  item.dataset.toast = variant;
  const text = document.createElement("div");
  const heading = document.createElement("p");
  heading.className = "toast-title";
  heading.textContent = title;
  text.append(heading);
  if (description) {
    const body = document.createElement("p");
    body.className = "toast-description";
    body.textContent = description;
    text.append(body);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", "Dismiss notification");
  close.textContent = "×";
  item.append(text, close);
  toastRegion().append(item);

  let timer = window.setTimeout(dismiss, durationMs);
  // Hovering or focusing a toast keeps it, as people read at different speeds.
  item.addEventListener("pointerenter", () => window.clearTimeout(timer));
  item.addEventListener("pointerleave", () => (timer = window.setTimeout(dismiss, durationMs / 2)));
  close.addEventListener("click", dismiss);

  function dismiss() {
    window.clearTimeout(timer);
    item.classList.add("toast-leaving");
    window.setTimeout(() => item.remove(), 200);
  }
}
