/**
 * The addresses of the public pages that other sites and search engines link to. The web app's
 * links and the API's sitemaps both build them here, so a sitemap lists exactly the addresses the
 * app links to. A segment taken from data is percent-encoded, so no value can change which page an
 * address means.
 */
const segment = encodeURIComponent;

export const pagePaths = {
  /** A design's page, under its owner's username and its slug. */
  design: (username: string, slug: string) => `/design/${segment(username)}/${segment(slug)}`,
  profile: (username: string) => `/profile/${segment(username)}`,
  collection: (id: string) => `/collection/${segment(id)}`,
} as const;
