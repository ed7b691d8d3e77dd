import { Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

/** Delete with a confirm (admins only: the page does not render this for editors). */
export function DeleteSubmission({ name, back }: { name: string; back: string }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm" className="text-danger hover:bg-danger/10">
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 border border-border bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="font-display text-2xl">Delete this submission?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            The submission from {name} will be removed for good. This cannot be undone. To keep it out of the inbox
            without losing it, archive it instead.
          </AlertDialog.Description>
          <Form method="post" className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="back" value={back} />
            <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })}>Cancel</AlertDialog.Cancel>
            <button type="submit" className={buttonVariants({ variant: "destructive" })} disabled={deleting}>
              {deleting ? "Deleting..." : "Delete submission"}
            </button>
          </Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
