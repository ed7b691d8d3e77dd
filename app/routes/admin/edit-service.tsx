import { data } from "react-router";
import { ContentEditor, EditorNotFound } from "~/components/admin/editor/content-editor";
import { serviceEditorFor } from "~/lib/editors";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/edit-service";
import { handleEditorAction, loadEditor } from "./editor.server";

/** /admin/edit/service/{name}: one service page's editor (hero, booking title, options). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const def = serviceEditorFor(args.params.name);
  if (!def) {
    const { pathname } = new URL(args.request.url);
    services.logger.warn({ path: pathname }, "404: no editor for this service");
    return data({ found: false as const, pathname }, { status: 404 });
  }
  return { found: true as const, slug: args.params.name, editor: await loadEditor(services, def) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const def = serviceEditorFor(args.params.name);
  if (!def) throw data("Not found", { status: 404 });
  const { status, reply } = await handleEditorAction(
    args.context.get(servicesContext),
    user,
    def,
    await args.request.formData(),
  );
  return data(reply, { status });
}

export const meta: Route.MetaFunction = ({ params }) => {
  const def = serviceEditorFor(params.name);
  return [{ title: `${def ? def.title : "Page not found"} | Admin` }];
};

export default function EditService({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <EditorNotFound pathname={loaderData.pathname} />;
  const def = serviceEditorFor(loaderData.slug)!;
  return <ContentEditor key={def.page} def={def} data={loaderData.editor} />;
}
