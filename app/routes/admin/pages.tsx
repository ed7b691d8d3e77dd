import { ExternalLink, LoaderCircle, PencilLine } from "lucide-react";
import { useState } from "react";
import {
  Form,
  Link,
  useLocation,
  useNavigation,
  useNavigationType,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { SearchInput } from "~/components/admin/search-input";
import { buttonVariants } from "~/components/ui/button";
import { searchPages, type EditablePage } from "~/lib/admin-pages";
import { requireStaff } from "~/server/auth/guard.server";
import type { Route } from "./+types/pages";

/** /admin/pages: the editable pages, searchable with or without JavaScript (?q=). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return null;
}

// Typing in the search box only changes ?q=: the list is filtered here, nothing to reload.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: "Pages | Admin" }];

function PageCard({ page }: { page: EditablePage }) {
  const navigation = useNavigation();
  const opening = navigation.state === "loading" && navigation.location.pathname === page.editPath;
  return (
    <li
      className="flex flex-col border border-border bg-surface p-5 transition-colors hover:border-foreground/30"
      data-testid="page-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-xl">{page.title}</h3>
          <p className="mt-0.5 truncate text-xs text-muted-foreground">{page.publicPath}</p>
        </div>
        <a
          href={page.publicPath}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View ${page.title} (opens in a new tab)`}
          title="View the page (opens in a new tab)"
          className="grid size-9 shrink-0 place-items-center border border-border text-muted-foreground transition-colors hover:border-foreground hover:text-foreground"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">{page.description}</p>
      <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={`Editable sections of ${page.title}`}>
        {page.sections.map((section) => (
          <li key={section} className="bg-accent-soft px-2.5 py-1 text-xs text-foreground">
            {section}
          </li>
        ))}
      </ul>
      <Link
        to={page.editPath}
        aria-label={`Edit Page: ${page.title}`}
        className={buttonVariants({ variant: "solid", size: "sm", className: "mt-5 w-full sm:w-auto sm:self-start" })}
      >
        {opening ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <PencilLine className="size-4" aria-hidden="true" />
        )}
        {opening ? "Loading..." : "Edit Page"}
      </Link>
    </li>
  );
}

export default function ContentPages() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [query, setQuery] = useState(q);
  // Back/forward changes ?q= under the box: follow it (adjusted while rendering). Only then: the
  // URL of a keystroke made earlier can arrive after a later one, and must not undo it.
  const location = useLocation();
  const navigationType = useNavigationType();
  const [shownKey, setShownKey] = useState(location.key);
  if (location.key !== shownKey) {
    setShownKey(location.key);
    if (navigationType === "POP") setQuery(q);
  }
  const hydrated = useHydrated();
  const pages = searchPages(query);
  const search = query.trim();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 className="text-3xl">Pages</h2>
          <p className="mt-1 text-sm text-muted-foreground">Choose a page to edit its text and images.</p>
        </div>
        <Form
          method="get"
          role="search"
          aria-label="Pages"
          className="flex w-full gap-2 lg:w-auto"
          onSubmit={(event) => {
            event.preventDefault();
            setParams(query.trim() ? { q: query.trim() } : {}, { replace: true, preventScrollReset: true });
          }}
        >
          <label htmlFor="page-search" className="sr-only">
            Find a page
          </label>
          <SearchInput
            id="page-search"
            name="q"
            value={query}
            onChange={(event) => {
              const next = event.target.value;
              setQuery(next);
              setParams(next ? { q: next } : {}, { replace: true, preventScrollReset: true });
            }}
            placeholder="Search by title or description"
            className="flex-1 lg:w-80"
          />
          <button type="submit" className={buttonVariants({ variant: "outline", size: "sm", className: "h-10" })}>
            Search
          </button>
        </Form>
      </div>
      <p className="sr-only" aria-live="polite" role="status">
        {search ? `${pages.length} page${pages.length === 1 ? "" : "s"} found` : ""}
      </p>
      {pages.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {pages.map((page) => (
            <PageCard key={page.editPath} page={page} />
          ))}
        </ul>
      ) : (
        <p className="border border-dashed border-border bg-surface px-6 py-12 text-center text-sm text-muted-foreground">
          No pages found matching "{search}"
        </p>
      )}
    </div>
  );
}
