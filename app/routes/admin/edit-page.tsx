import { data } from "react-router";
import { ContentEditor, EditorNotFound } from "~/components/admin/editor/content-editor";
import { pageEditor } from "~/lib/editors";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/edit-page";
import { handleEditorAction, heroSlideCounts, loadEditor } from "./editor.server";

/** /admin/edit/{home,about,contact,services,suites}: the page's editor, from its definition. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const def = pageEditor(args.params.page);
  if (!def) {
    const { pathname } = new URL(args.request.url);
    services.logger.warn({ path: pathname }, "404: no editor for this page");
    return data({ found: false as const, pathname }, { status: 404 });
  }
  const [editor, heroSlides] = await Promise.all([
    loadEditor(services, def),
    def.page === "home" ? heroSlideCounts(services.db).catch(() => undefined) : undefined,
  ]);
  return { found: true as const, slug: args.params.page, editor, heroSlides };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const def = pageEditor(args.params.page);
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
  const def = pageEditor(params.page);
  return [{ title: `${def ? def.title : "Page not found"} | Admin` }];
};

export default function EditPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <EditorNotFound pathname={loaderData.pathname} />;
  const def = pageEditor(loaderData.slug)!;
  return <ContentEditor key={def.page} def={def} data={loaderData.editor} heroSlides={loaderData.heroSlides} />;
}
