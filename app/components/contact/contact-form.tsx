import { MessageFormBody, PublicForm, SelectField, TextField } from "~/components/forms";
import { CONTACT_FORM as F } from "~/content/contact";
import { ContactFormSchema } from "~/lib/forms/public-forms";
import { CONTACT_SERVICES } from "~/lib/forms/submission";
import type { PublicFormReply } from "~/lib/forms/public-form-types";

/**
 * The contact form (docs/product.md, Contact message): name and email required (the browser's own
 * checks), phone, one of the salon's services (from the services content) or none, message;
 * stored as formType 'Contact'.
 */
export function ContactForm({
  reply,
  action,
  className,
}: {
  reply?: PublicFormReply;
  action?: string;
  className?: string;
}) {
  return (
    <PublicForm
      name="contact"
      schema={ContactFormSchema}
      // The page's section around the form is #contact-form (where a no-JavaScript post lands).
      id="contact-message-form"
      action={action}
      reply={reply}
      messages={F.messages}
      className={className}
    >
      <MessageFormBody text={F} rows={5}>
        <TextField name="name" label={F.name} required autoComplete="name" />
        <TextField name="email" label={F.email} type="email" required autoComplete="email" />
        <TextField name="phone" label={F.phone} type="tel" autoComplete="tel" />
        <SelectField name="service" label={F.service} placeholder={F.servicePlaceholder} options={CONTACT_SERVICES} />
      </MessageFormBody>
    </PublicForm>
  );
}
