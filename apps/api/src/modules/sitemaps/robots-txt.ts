/**
 * Addresses crawlers are asked to leave alone: the API, and the web app's screens that only mean
 * something to one signed-in person (their dashboard, uploads, settings, purchases, edit forms,
 * the seller dashboard, checkout and payment pages, the sign-in and password reset steps). Everything else (the
 * home page, designs, profiles, collections, search, the legal and help pages, public images) is
 * open. Rules match by prefix and case, and the app's routes ignore case, so the spelling the
 * app links to is listed (and /MyPurchases in both spellings in use).
 */
const DISALLOWED = [
  '/api/',
  '/dashboard',
  // A prefix: it would also match /uploads/ (public images), which the Allow below keeps open
  // (the longer rule wins).
  '/upload',
  '/settings',
  '/create-collection',
  '/MyPurchases',
  '/mypurchases',
  '/edit-design/',
  '/edit/',
  '/seller-dashboard',
  '/admin',
  '/payment-success',
  '/sandbox/',
  '/setup-profile',
  '/oauth-callback',
  '/login',
  '/forgot-password',
  // Their links carry one-time tokens.
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
];

/** GET /robots.txt: the rules above, and where the sitemap index is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /uploads/',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
