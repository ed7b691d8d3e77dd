import { data, type RouterContextProvider } from "react-router";
import { requestInfoContext, servicesContext } from "~/server/context";
import { handlePublicForm, type PublicFormName } from "~/server/forms/public-form.server";

/** A public page's action: the same handling, answered as the page's action data (no JavaScript). */
export async function publicFormAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  name: PublicFormName,
) {
  const { status, reply, headers } = await handlePublicForm(
    context.get(servicesContext),
    context.get(requestInfoContext),
    request,
    name,
  );
  return data(reply, { status, headers });
}
