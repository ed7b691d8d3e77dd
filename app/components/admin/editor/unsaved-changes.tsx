import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker } from "react-router";
import { ConfirmAction, ConfirmDescription, ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { FieldDef } from "~/lib/editors";
import { canonicalOptions, normalizeText, readOptionRows, storedOptionRows } from "~/lib/editors/validation";

/** An option list as it would be stored; something that would not save counts as a change. */
const listChanged = (field: FieldDef, data: FormData, stored: string) => {
  const now = canonicalOptions(field, readOptionRows(data, field.key));
  return now === null || now !== canonicalOptions(field, storedOptionRows(field, stored));
};

/**
 * Whether the form differs from the values it was rendered with. Read from the form itself (so
 * any control counts, the shared image field included): on input, on clicks, and whenever a
 * control's value attribute or the list of controls changes.
 */
export function useFormDirty(
  formRef: RefObject<HTMLFormElement | null>,
  baseline: Record<string, string>,
  /** Option lists: compared as they would be stored. */
  listFields: FieldDef[],
  /** Changes when the form's controls are remounted. */
  version: unknown,
): { dirty: boolean; check: () => void } {
  const [dirty, setDirty] = useState(false);
  const frame = useRef(0);

  const compute = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const changed = Object.keys(baseline).some((key) => {
      const list = listFields.find((f) => f.key === key);
      if (list) return listChanged(list, data, baseline[key]);
      const value = data.get(key);
      // A key the form does not carry is not edited here.
      if (value === null) return false;
      return normalizeText(String(value)) !== normalizeText(baseline[key]);
    });
    setDirty(changed);
  }, [formRef, baseline, listFields]);

  const check = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(compute);
  }, [compute]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    check();
    const observer = new MutationObserver(check);
    observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    form.addEventListener("click", check);
    return () => {
      observer.disconnect();
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
      form.removeEventListener("click", check);
      cancelAnimationFrame(frame.current);
    };
  }, [formRef, check, version]);

  return { dirty, check };
}

/** Asks before leaving with unsaved changes: in-app navigation (a dialog) and closing the tab. */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);

  const open = blocker.state === "blocked";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && blocker.reset?.()}
      title="Leave without saving?"
      cancelLabel="Stay on page"
      confirm={<ConfirmAction onClick={() => blocker.proceed?.()}>Leave page</ConfirmAction>}
    >
      <ConfirmDescription>
        You have unsaved changes on this page. If you leave now, they will be lost.
      </ConfirmDescription>
    </ConfirmDialog>
  );
}
