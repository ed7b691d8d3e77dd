import { ContentEditor, EditorNotFound } from "~/components/admin/editor/content-editor";
import { serviceEditorFor } from "~/lib/editors";
import type { Route } from "./+types/edit-service";
import { editorRouteAction, editorRouteLoader } from "./editor.server";

/** /admin/edit/service/{name}: one service page's editor (hero, booking title, options). */
export const loader = (args: Route.LoaderArgs) =>
  editorRouteLoader(args, args.params.name, serviceEditorFor(args.params.name), "service");

export const action = (args: Route.ActionArgs) => editorRouteAction(args, serviceEditorFor(args.params.name));

export const meta: Route.MetaFunction = ({ params }) => {
  const def = serviceEditorFor(params.name);
  return [{ title: `${def ? def.title : "Page not found"} | Admin` }];
};

export default function EditService({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <EditorNotFound pathname={loaderData.pathname} />;
  const def = serviceEditorFor(loaderData.slug)!;
  return <ContentEditor key={def.page} def={def} data={loaderData.editor} />;
}
