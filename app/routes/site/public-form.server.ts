import { data, redirect, type RouterContextProvider } from "react-router";
import { requestInfoContext, servicesContext } from "~/server/context";
import { handlePublicForm, type PublicFormName } from "~/server/forms/public-form.server";

/**
 * A public page's action: the same handling, answered as the page's action data (no JavaScript).
 * With `sentTo`, a form that went through answers with a redirect there instead (Post/Redirect/Get:
 * the page it leads to says it was sent, and a reload sends nothing again).
 */
export async function publicFormAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  name: PublicFormName,
  options: { sentTo?: string } = {},
) {
  const { status, reply, headers } = await handlePublicForm(
    context.get(servicesContext),
    context.get(requestInfoContext),
    request,
    name,
  );
  if (reply.ok && options.sentTo) throw redirect(options.sentTo, 303);
  return data(reply, { status, headers });
}
