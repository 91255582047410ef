import { pagePaths } from '@printmarket/shared/page-paths';

/**
 * Every route of the app in one place: the patterns the router matches (relative, as nested routes
 * take them) and the builders that links, navigations and redirects use. A path segment taken from
 * data (a username, a slug, an id) is always percent-encoded, and a query is built with
 * URLSearchParams, so no value can change which route an address means. The public pages that
 * other sites link to (designs, profiles, collections) are built by the shared package's
 * `pagePaths`, which the API's sitemaps use too.
 */
export const routePatterns = {
  signIn: 'signin',
  signUp: 'signup',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  verifyEmail: 'verify-email',
  unsubscribe: 'unsubscribe',
  login: 'login',
  oauthCallback: 'oauth-callback',
  setupProfile: 'setup-profile',
  dashboard: 'dashboard',
  upload: 'upload',
  settings: 'settings',
  createCollection: 'create-collection',
  // Route paths ignore case: `/MyPurchases` also answers `/mypurchases`.
  myPurchases: 'MyPurchases',
  admin: 'admin',
  privacy: 'privacyPolicy',
  terms: 'termsofservice',
  copyright: 'copyright',
  about: 'about',
  search: 'search',
  contact: 'contact',
  reportBug: 'report-bug',
  design: 'design/:username/:slug',
  designBySlug: 'design/:slug',
  profile: 'profile/:username',
  collection: 'collection/:id',
  editDesign: 'edit-design/:designId',
  editDesignShort: 'edit/:designId',
  sellerDashboard: 'seller-dashboard',
  paymentSuccess: 'payment-success',
  sandboxCheckout: 'sandbox/checkout/:sessionId',
  sandboxConnect: 'sandbox/connect/:accountId',
} as const;

type Query = Record<string, string | undefined>;

/**
 * `path` with the query's values in the order given; empty ones are left out unless `keep` names
 * them (no values at all: no `?`).
 */
function withQuery(path: string, query: Query, keep: readonly string[] = []): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value || keep.includes(key)) search.set(key, value ?? '');
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The search screen's address: the query always (even empty), the filters only when chosen. */
export type SearchQuery = { query: string; category?: string; price?: string; tag?: string; page?: string };

const segment = encodeURIComponent;

export const paths = {
  /** The home listing, in an order and on a page other than its default ones when given. */
  home: (query: { sort?: string; page?: string } = {}) => withQuery('/', query),
  signIn: () => '/signin',
  signUp: () => '/signup',
  forgotPassword: () => '/forgot-password',
  /**
   * Where a reset mail links to, with `?token=` (RESET_PASSWORD_PATH of the shared package, whose
   * module is not imported here: it would bring zod into every page's first load).
   */
  resetPassword: () => '/reset-password',
  /** Where a confirmation mail links to, with `?token=` (VERIFY_EMAIL_PATH, not imported for the same reason). */
  verifyEmail: () => '/verify-email',
  /** Where the foot of a notification mail links to, with `?token=` (UNSUBSCRIBE_PATH, not imported either). */
  unsubscribe: () => '/unsubscribe',
  login: () => '/login',
  oauthCallback: () => '/oauth-callback',
  setupProfile: () => '/setup-profile',
  /** The dashboard, on one of its tabs (`?tab=collections`) or its first. */
  dashboard: (query: { tab?: string } = {}) => withQuery('/dashboard', query),
  upload: () => '/upload',
  /** Settings, on one of its tabs (`?tab=preferences`) or its first. */
  settings: (query: { tab?: string } = {}) => withQuery('/settings', query),
  createCollection: () => '/create-collection',
  myPurchases: () => '/MyPurchases',
  /** The operators' console, on one of its tabs (`?tab=audit`) or its first. */
  admin: (query: { tab?: string } = {}) => withQuery('/admin', query),
  privacy: () => '/privacyPolicy',
  terms: () => '/termsofservice',
  /** How to send a copyright notice (COPYRIGHT_PATH, not imported either: its module brings zod). */
  copyright: () => '/copyright',
  about: () => '/about',
  search: (query: SearchQuery) => withQuery('/search', query, ['query']),
  contact: () => '/contact',
  reportBug: () => '/report-bug',
  /** A design's page, under its owner's username and its slug. */
  design: pagePaths.design,
  /** The short address cards used to link to; it redirects to `design(username, slug)`. */
  designBySlug: (slug: string) => `/design/${segment(slug)}`,
  profile: pagePaths.profile,
  collection: pagePaths.collection,
  editDesign: (designId: string) => `/edit-design/${segment(designId)}`,
  sellerDashboard: () => '/seller-dashboard',
  sandboxCheckout: (sessionId: string) => `/sandbox/checkout/${segment(sessionId)}`,
  sandboxConnect: (accountId: string) => `/sandbox/connect/${segment(accountId)}`,
} as const;
