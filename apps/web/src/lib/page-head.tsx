import { createContext, useContext, useLayoutEffect } from 'react';

/** index.html's title: the tab's name on a page that names itself nothing. */
export const DEFAULT_TITLE = 'PrintMarket – 3D-printable designs';

/** A picture the document's head asks for before the page's scripts and styles. */
export type ImagePreload = { href: string; srcSet?: string; sizes?: string };

/** What a server render gathers from its page for the document's head. */
export type CollectedHead = { title: string | null; preloads: ImagePreload[] };

/**
 * Present only in the server render (app/server/render.tsx), which puts what the page names here
 * into the head it writes. The browser sets the tab's title itself and needs no preload: it meets
 * the picture in the markup as soon as it renders it.
 */
const HeadCollector = createContext<CollectedHead | null>(null);
export const HeadCollectorProvider = HeadCollector.Provider;

/**
 * The tab's title while this is on screen. Of two on screen at once the later in the page wins, on
 * the server (the last met) as in the browser (effects run in the page's order); leaving the page
 * restores index.html's title.
 */
export function PageTitle({ children }: { children: string }) {
  const collected = useContext(HeadCollector);
  if (collected) collected.title = children;
  useLayoutEffect(() => {
    document.title = children;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [children]);
  return null;
}

/** Puts a preload of the page's main picture into the server's head (fetched at high priority). */
export function usePreloadImage(image: ImagePreload | null) {
  const collected = useContext(HeadCollector);
  if (!collected || !image || collected.preloads.some((p) => p.href === image.href)) return;
  collected.preloads.push(image);
}
