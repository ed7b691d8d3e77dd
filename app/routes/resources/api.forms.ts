import { requestInfoContext, servicesContext } from "~/server/context";
import { handlePublicForm, isPublicFormName } from "~/server/forms/public-form.server";
import type { Route } from "./+types/api.forms";

/**
 * POST /api/forms/{name}: the JSON answer for a public form sent by the page's enhancement script.
 * The same form posted without JavaScript goes to its page's action and gets HTML back.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isPublicFormName(params.name)) return Response.json({ error: "Unknown form." }, { status: 404 });
  const { status, reply, headers } = await handlePublicForm(
    context.get(servicesContext),
    context.get(requestInfoContext),
    request,
    params.name,
  );
  return Response.json(reply, { status, headers });
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
