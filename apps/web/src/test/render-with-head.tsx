import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { imagePreloadTag } from '@/app/server/head.ts';
import { type CollectedHead, HeadCollectorProvider } from '@/lib/page-head.tsx';

/** Renders as the server does: the markup, and the title and preload tags the page gives its head. */
export function renderWithHead(element: ReactNode): { html: string; title: string | null; preloads: string } {
  const collected: CollectedHead = { title: null, preloads: [] };
  const html = renderToString(<HeadCollectorProvider value={collected}>{element}</HeadCollectorProvider>);
  return { html, title: collected.title, preloads: collected.preloads.map(imagePreloadTag).join('') };
}
