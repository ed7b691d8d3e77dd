import { ContentEditor, EditorNotFound } from "~/components/admin/editor/content-editor";
import { pageEditor } from "~/lib/editors";
import type { Route } from "./+types/edit-page";
import { editorRouteAction, editorRouteLoader } from "./editor.server";

/** /admin/edit/{home,about,contact,services,suites}: the page's editor, from its definition. */
export const loader = (args: Route.LoaderArgs) =>
  editorRouteLoader(args, args.params.page, pageEditor(args.params.page), "page");

export const action = (args: Route.ActionArgs) => editorRouteAction(args, pageEditor(args.params.page));

export const meta: Route.MetaFunction = ({ params }) => {
  const def = pageEditor(params.page);
  return [{ title: `${def ? def.title : "Page not found"} | Admin` }];
};

export default function EditPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <EditorNotFound pathname={loaderData.pathname} />;
  const def = pageEditor(loaderData.slug)!;
  return <ContentEditor key={def.page} def={def} data={loaderData.editor} heroSlides={loaderData.heroSlides} />;
}
