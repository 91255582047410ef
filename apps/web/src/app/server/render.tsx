import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  data,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import type { RouteHandle } from '@/app/layout/RootLayout.tsx';
import { routes } from '@/app/router.tsx';
import { ApiError, setApiTransport } from '@/lib/api-client.ts';
import { type CollectedHead, DEFAULT_TITLE, HeadCollectorProvider } from '@/lib/page-head.tsx';
import { SessionProvider } from '@/lib/session/session.tsx';
import { DEFAULT_DESCRIPTION, headTags, imagePreloadTag, jsonForScript } from './head.ts';
import { type BuildManifest, pageAssetTags } from './page-assets.ts';
import { INDEX_KEY, loadFrame, pageLoaders, type RenderContext } from './page-loaders.ts';

export type RenderDeps = {
  /** Reaches the API as a signed-out visitor (the server passes one that stays in its process). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The address people use, for absolute URLs in the head. */
  publicUrl: string;
  /** The browser build's manifest, which names each screen's script and stylesheets; null without one. */
  manifest?: BuildManifest | null;
};

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /**
       * The tags for <head>, in place of index.html's title: title, description, canonical, Open
       * Graph, Twitter, JSON-LD, and the page's preloads (its main picture).
       */
      head: string;
      /**
       * The tags for the end of <head>, after index.html's own: the stylesheets and module preloads
       * of the page's screens (after the main stylesheet, in the order the browser would add them).
       */
      assets: string;
      /** The markup of #root. */
      html: string;
      /** The dehydrated query cache for the client, as script-safe JSON; null when it must not hydrate. */
      state: string | null;
    };

export { STATE_ELEMENT_ID } from './state-element.ts';

const keyOf = (route: RouteObject) => (route.index ? INDEX_KEY : route.path);

/**
 * The app's routes with a loader on each server-rendered page, which fills the request's query
 * cache. A 404 of the page's data becomes a 404 route error, shown by the error boundary as the
 * not-found page; the catch-all route answers 404 the same way.
 */
function serverRoutes(list: RouteObject[]): RouteObject[] {
  return list.map((route): RouteObject => {
    const withChildren = (
      route.children ? { ...route, children: serverRoutes(route.children) } : route
    ) as RouteObject;
    if (route.path === '*') return { ...route, loader: notFoundLoader } as RouteObject;
    const load = pageLoaders[keyOf(route) ?? ''];
    if (!load) return withChildren;
    const loader = async ({ request, params, context }: LoaderFunctionArgs) => {
      try {
        await load({ params, url: new URL(request.url), context: context as RenderContext });
      } catch (error) {
        // A redirect, or the page's data is not there: the answer says so.
        if (error instanceof Response) throw error;
        if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
        // Any other failure is left to the browser, which shows the page loading and asks again.
      }
      return null;
    };
    return { ...withChildren, loader } as RouteObject;
  });
}

function notFoundLoader(): never {
  throw data(null, { status: 404 });
}

/** Whether the server renders this path (the deepest matching route has a loader). */
function isServerRendered(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1)?.route;
  if (!leaf) return false;
  return leaf.path === '*' || pageLoaders[keyOf(leaf) ?? ''] !== undefined;
}

/**
 * The API fetch of the render under way. The API client has one transport per process, and a
 * process may hold more than one server (the tests run two instances side by side): each render
 * reaches the API of the server that asked for it.
 */
const renderFetch = new AsyncLocalStorage<RenderDeps['fetch']>();

function fetchOfThisRender(url: string, init: RequestInit): Promise<Response> {
  const fetch = renderFetch.getStore();
  if (!fetch) throw new Error('The API was called outside a server render.');
  return fetch(url, init);
}

export function createRenderer(deps: RenderDeps) {
  setApiTransport(fetchOfThisRender);
  const handler = createStaticHandler(serverRoutes(routes));
  // The same screens always load the same files: their tags are worked out once per set of screens.
  const assetTags = new Map<string, string>();
  const assetTagsOf = (modules: string[]) => {
    const key = modules.join('\n');
    let tags = assetTags.get(key);
    if (tags === undefined) {
      tags = pageAssetTags(deps.manifest ?? null, modules);
      assetTags.set(key, tags);
    }
    return tags;
  };

  /** Renders a page address (path and query) for a signed-out visitor; null for browser-only pages. */
  return (url: string) => renderFetch.run(deps.fetch, () => render(url));

  async function render(url: string): Promise<RenderResult | null> {
    const address = new URL(url, deps.publicUrl);
    if (!isServerRendered(address.pathname)) return null;
    const queryClient = new QueryClient({
      // A failure is left to the browser, which retries as it always does.
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    });
    const context: RenderContext = { queryClient, publicUrl: deps.publicUrl, head: null };
    const [result] = await Promise.all([
      handler.query(new Request(address), { requestContext: context }),
      loadFrame(context).catch(() => undefined),
    ]);
    if (result instanceof Response) {
      return { kind: 'redirect', status: result.status, location: result.headers.get('location') ?? '/' };
    }
    // A failed query would render its error here, but the browser starts it as pending: left out,
    // the page renders it as pending too, and the browser asks again.
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
    const router = createStaticRouter(handler.dataRoutes, result);
    const collected: CollectedHead = { title: null, preloads: [] };
    const html = renderToString(
      <HeadCollectorProvider value={collected}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <StaticRouterProvider router={router} context={result} hydrate={false} />
          </SessionProvider>
        </QueryClientProvider>
      </HeadCollectorProvider>,
    );
    const title = collected.title ?? DEFAULT_TITLE;
    const preloads = collected.preloads.map(imagePreloadTag).join('');
    const status = result.statusCode;
    const head =
      context.head && status === 200
        ? context.head
        : { description: DEFAULT_DESCRIPTION, path: address.pathname };
    return {
      kind: 'page',
      status,
      // The preloads still come before index.html's script and stylesheet tags.
      head: preloads
        ? `${headTags(title, head, deps.publicUrl)}\n    ${preloads}`
        : headTags(title, head, deps.publicUrl),
      assets: assetTagsOf(screenModules(result.matches)),
      html,
      // An error page renders what the browser's first render would not (its page would be
      // loading): the browser renders it anew instead of hydrating.
      state: status === 200 ? jsonForScript(dehydrate(queryClient)) : null,
    };
  }
}

/** The source files of the lazily loaded screens a render matched (see router.tsx). */
function screenModules(matches: readonly { route: RouteObject }[]): string[] {
  return matches.flatMap((match) => (match.route.handle as RouteHandle | undefined)?.module ?? []);
}
