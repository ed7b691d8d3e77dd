import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDescription, ConfirmDialog } from "~/components/ui/confirm-dialog";

/** Delete with a confirm (admins only: the page does not render this for editors). */
export function DeleteSubmission({ name, back }: { name: string; back: string }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-danger hover:bg-danger/10">
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      }
      title="Delete this submission?"
      form={
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="back" value={back} />
        </Form>
      }
      confirm={
        <Button type="submit" variant="destructive" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete submission"}
        </Button>
      }
    >
      <ConfirmDescription>
        The submission from {name} will be removed for good. This cannot be undone. To keep it out of the inbox without
        losing it, archive it instead.
      </ConfirmDescription>
    </ConfirmDialog>
  );
}
