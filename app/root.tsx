import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { themeFromCookieHeader, type Theme } from "~/lib/theme";
import { WEB_FONTS_HEAD_SCRIPT } from "~/lib/web-fonts";
import { requestInfoContext, servicesContext } from "~/server/context";
import { enhancementScriptUrl } from "~/server/enhance.server";
import type { Route } from "./+types/root";
import { z } from "zod";
import adminStylesheet from "./app.css?url";
import siteStylesheet from "./styles/site.css?url";

// In the browser, zod's compiled parsers probe `new Function`, which the strict policy (no eval)
// blocks and reports as a violation on every admin screen: parse without them there.
if (typeof document !== "undefined") z.config({ jitless: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { nonce } = context.get(requestInfoContext);
  return {
    theme: themeFromCookieHeader(request.headers.get("cookie")),
    nonce,
    enhanceSrc: enhancementScriptUrl(),
    publicUrl: context.get(servicesContext).publicUrl,
  };
}

/**
 * Routes that run as a React app in the browser (the admin) say so with `handle = { hydrate: true }`.
 * Every other page is server-rendered HTML plus one small enhancement script: no React runtime,
 * so public pages stay within their JavaScript budget and never load admin code.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

function useHydrates(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.hydrate);
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** "light" and "dark" set a class; "system" sets none and the CSS follows prefers-color-scheme. */
function themeClass(theme: Theme) {
  return theme === "system" ? undefined : theme;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = data?.theme ?? "system";
  const nonce = data?.nonce;
  const hydrate = useHydrates();
  return (
    <html lang="en" className={themeClass(theme)} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <Meta />
        {/* A public page takes the web fonts after its load, at once where this browser has them
            (before the stylesheet: an inline script after it would wait for it). */}
        {!hydrate && <script dangerouslySetInnerHTML={{ __html: WEB_FONTS_HEAD_SCRIPT }} />}
        {/* The admin's sheet styles every class; public pages get the smaller public one. */}
        <link rel="stylesheet" href={hydrate ? adminStylesheet : siteStylesheet} />
        <Links />
      </head>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : data?.enhanceSrc ? (
          // A file from our origin: no nonce, so the page's bytes are the same for every visitor.
          <script type="module" src={data.enhanceSrc} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

/**
 * The router's last-resort screen ('Unexpected Application Error!'). It stands
 * alone (the site layout may be what failed), so it imports nothing beyond the root's own modules,
 * and its links are plain anchors: a full page load is the surest way out of a broken state.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let heading = "Unexpected Application Error!";
  let detail = "Something went wrong on our side. Please try again in a moment.";
  let status: number | undefined;
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    heading = error.status === 404 ? "Oops! Page not found" : `${error.status} ${error.statusText}`;
    detail = typeof error.data === "string" && error.data ? error.data : detail;
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
    stack = error.stack;
  }
  const button =
    "inline-flex h-12 items-center justify-center px-8 text-xs font-medium tracking-[0.18em] uppercase transition-colors";
  return (
    <main className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden px-6 py-20">
      <div aria-hidden className="absolute inset-x-0 top-0 -z-10 h-1.5 bg-accent" />
      <div className="flex w-full max-w-xl flex-col items-center text-center">
        <p className="eyebrow text-accent">{status ? `Error ${status}` : "Something went wrong"}</p>
        <h1 className="mt-5 text-4xl leading-tight font-normal sm:text-5xl">{heading}</h1>
        <span aria-hidden className="my-8 block h-px w-16 bg-accent/60" />
        <p className="max-w-md leading-relaxed text-muted-foreground">{detail}</p>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <a href="/" className={`${button} bg-accent text-accent-foreground hover:bg-accent-strong`}>
            Return to home
          </a>
          <a href="" className={`${button} border border-foreground/25 hover:border-foreground`}>
            Try again
          </a>
        </div>
        {stack && (
          <pre className="mt-12 max-h-80 w-full overflow-auto border border-border bg-surface p-4 text-left text-xs">
            {stack}
          </pre>
        )}
      </div>
    </main>
  );
}
