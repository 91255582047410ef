import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { SITEMAP_KINDS, type SitemapKind, type SitemapsService } from './sitemaps-service.ts';

/**
 * An hour: crawlers fetch these a few times a day at most, so a cache (a CDN, a proxy) in front
 * may answer them again for that long without asking the database, and a new design still reaches
 * the sitemaps within the hour.
 */
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
/** `designs-1.xml`: a kind and a page number from 1 (seven digits are far beyond any real page). */
const PAGE_FILE = /^([a-z]+)-([1-9]\d{0,6})\.xml$/;

/** robots.txt and the sitemaps, at the site's root where crawlers look for them. */
export function sitemapsRoutes(app: FastifyInstance, sitemaps: SitemapsService) {
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(sitemaps.robots()),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE_CONTROL)
      .send(await sitemaps.index()),
  );

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = PAGE_FILE.exec(request.params.file);
    const kind = match?.[1];
    if (!match || !isKind(kind)) throw notFound();
    const xml = await sitemaps.page(kind, Number(match[2]));
    if (!xml) throw notFound();
    // Written as it is read: the stream asks for the next batch of rows when the last was sent.
    return reply
      .type(XML)
      .header('cache-control', CACHE_CONTROL)
      .send(Readable.from(xml, { objectMode: false }));
  });
}

function isKind(value: string | undefined): value is SitemapKind {
  return (SITEMAP_KINDS as readonly (string | undefined)[]).includes(value);
}
