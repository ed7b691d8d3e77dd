import { toast } from "./toast";
import type { ActionReply } from "~/lib/forms/action-reply";

/**
 * Enhances public forms marked data-enhance="public-form": they post to data-json-action with
 * fetch, show the catalogue's toasts, mark field errors, disable the submit button with its
 * pending text, and reset on success. Without this script the same form posts to the page.
 *
 * Data attributes on the <form>:
 *   data-json-action         the JSON endpoint (/api/forms/{name})
 *   data-success-title / data-success-description   ({service} is replaced from the reply)
 *   data-error-title / data-error-description       toast for a failed submission
 *   data-required-message    checked before sending: the toast when an aria-required field is empty
 *   data-success-panel       the id of a hidden panel that replaces the form once it is sent (no
 *                            toast, no emptied form): it is shown and its heading focused
 * On the submit button: data-pending-text. Field errors go into [data-error-for="{field}"].
 */
interface Reply extends ActionReply {
  id?: number;
  service?: string;
}

export function initForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-enhance="public-form"]')) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void send(form, event.submitter as HTMLButtonElement | null);
    });
  }
}

function clearErrors(form: HTMLFormElement) {
  for (const el of form.querySelectorAll<HTMLElement>("[data-error-for]")) {
    el.textContent = "";
    el.hidden = true;
  }
  for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  const status = form.querySelector<HTMLElement>("[data-form-status]");
  if (status) status.hidden = true;
}

function showErrors(form: HTMLFormElement, fieldErrors: Record<string, string[]>) {
  let first: HTMLElement | null = null;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const name = field.split(".")[0];
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
    if (slot) {
      slot.textContent = messages.join(" ");
      slot.hidden = false;
    }
    const input = form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    if (input) {
      input.setAttribute("aria-invalid", "true");
      first ??= input;
    }
  }
  first?.focus();
}

function missingRequired(form: HTMLFormElement): HTMLElement | null {
  for (const el of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[aria-required="true"]')) {
    if (!el.value.trim()) return el;
  }
  return null;
}

async function send(form: HTMLFormElement, submitter: HTMLButtonElement | null) {
  const button = submitter ?? form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
  const d = form.dataset;
  clearErrors(form);
  if (d.requiredMessage) {
    const missing = missingRequired(form);
    if (missing) {
      toast({ title: "Error", description: d.requiredMessage, variant: "destructive" });
      missing.focus();
      return;
    }
  }
  if (form.dataset.busy) return;
  form.dataset.busy = "1";
  const label = button?.textContent ?? "";
  if (button) {
    button.disabled = true;
    if (button.dataset.pendingText) button.textContent = button.dataset.pendingText;
  }
  form.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(d.jsonAction ?? form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
    });
    const reply = (await response.json().catch(() => ({ ok: false }))) as Reply;
    if (response.ok && reply.ok) {
      const panel = d.successPanel ? document.getElementById(d.successPanel) : null;
      if (panel) {
        form.hidden = true;
        panel.hidden = false;
        panel.querySelector<HTMLElement>("h2, h3")?.focus();
        return;
      }
      toast({
        title: d.successTitle ?? "Thank you!",
        description: d.successDescription?.replaceAll("{service}", reply.service ?? ""),
      });
      form.reset();
      form.dispatchEvent(new CustomEvent("form:reset", { bubbles: true }));
      return;
    }
    if (reply.fieldErrors && Object.keys(reply.fieldErrors).length) showErrors(form, reply.fieldErrors);
    // A refusal the visitor can fix (invalid fields, too many tries) says what to do; anything
    // else gets the catalogue's failure text.
    const fixable = (response.status === 400 || response.status === 429) && reply.message;
    toast({
      title: d.errorTitle ?? "Error",
      description: fixable ? reply.message : d.errorDescription,
      variant: "destructive",
    });
  } catch {
    toast({ title: d.errorTitle ?? "Error", description: d.errorDescription, variant: "destructive" });
  } finally {
    delete form.dataset.busy;
    form.removeAttribute("aria-busy");
    if (button) {
      button.disabled = false;
      button.textContent = label;
      form.dispatchEvent(new CustomEvent("form:idle", { bubbles: true }));
    }
  }
}
