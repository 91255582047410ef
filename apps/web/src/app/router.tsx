import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RequireSignIn } from '@/features/auth/components/RequireSignIn.tsx';
import { LoginRedirect } from '@/features/auth/routes/LoginRedirect.tsx';
import { routePatterns } from '@/lib/paths.ts';
import { FullScreenLoader } from './layout/FullScreenLoader.tsx';
import { RootLayout, type RouteHandle } from './layout/RootLayout.tsx';
import NotFoundPage from './NotFoundPage.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/**
 * Every screen is its own chunk, loaded when its route is first visited. This keeps the first load
 * of the home page small: the forms' libraries (react-hook-form, zod) only come with the auth screens.
 * `module` is the screen's source file as the build manifest names it (relative to apps/web), so the
 * server can link the screen's stylesheet and preload its code with the page it renders.
 */
const page = (module: string, load: () => Promise<{ default: ComponentType }>, handle: RouteHandle = {}) =>
  ({
    lazy: async () => ({ Component: (await load()).default }),
    handle: { ...handle, module } satisfies RouteHandle,
  }) satisfies RouteObject;

/**
 * Routes behind the sign-in guard. A later screen only needs an entry here.
 * (Paths match case-insensitively, so `/MyPurchases` will also answer `/mypurchases`.)
 */
const guardedRoutes: RouteObject[] = [
  {
    path: routePatterns.dashboard,
    ...page('src/pages/dashboard/DashboardPage.tsx', () => import('@/pages/dashboard/DashboardPage.tsx')),
  },
  {
    path: routePatterns.upload,
    ...page(
      'src/features/upload/routes/UploadPage.tsx',
      () => import('@/features/upload/routes/UploadPage.tsx'),
    ),
  },
  {
    path: routePatterns.settings,
    ...page('src/pages/settings/SettingsPage.tsx', () => import('@/pages/settings/SettingsPage.tsx')),
  },
  {
    path: routePatterns.createCollection,
    ...page(
      'src/features/collections/routes/CreateCollectionPage.tsx',
      () => import('@/features/collections/routes/CreateCollectionPage.tsx'),
    ),
  },
  {
    path: routePatterns.myPurchases,
    ...page(
      'src/features/purchases/routes/MyPurchasesPage.tsx',
      () => import('@/features/purchases/routes/MyPurchasesPage.tsx'),
    ),
  },
  {
    path: routePatterns.admin,
    ...page('src/pages/admin/AdminPage.tsx', () => import('@/pages/admin/AdminPage.tsx')),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullScreenLoader,
    children: [
      {
        // Pathless: a failing screen is replaced by the error page inside the frame (top bar, footer).
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, ...page('src/pages/home/HomePage.tsx', () => import('@/pages/home/HomePage.tsx')) },
          {
            path: routePatterns.signIn,
            ...page(
              'src/features/auth/routes/SignInPage.tsx',
              () => import('@/features/auth/routes/SignInPage.tsx'),
            ),
          },
          {
            path: routePatterns.signUp,
            ...page(
              'src/features/auth/routes/SignUpPage.tsx',
              () => import('@/features/auth/routes/SignUpPage.tsx'),
            ),
          },
          {
            path: routePatterns.forgotPassword,
            ...page(
              'src/features/auth/routes/ForgotPasswordPage.tsx',
              () => import('@/features/auth/routes/ForgotPasswordPage.tsx'),
            ),
          },
          // Where a reset mail links to; open to signed-in people too (docs/product.md#sign-in-and-sign-up).
          {
            path: routePatterns.resetPassword,
            ...page(
              'src/features/auth/routes/ResetPasswordPage.tsx',
              () => import('@/features/auth/routes/ResetPasswordPage.tsx'),
            ),
          },
          // Where a confirmation mail links to; it may be opened signed in or not, in any browser.
          {
            path: routePatterns.verifyEmail,
            ...page(
              'src/features/auth/routes/VerifyEmailPage.tsx',
              () => import('@/features/auth/routes/VerifyEmailPage.tsx'),
            ),
          },
          // Where the foot of a notification mail links to; no session needed.
          {
            path: routePatterns.unsubscribe,
            ...page(
              'src/pages/unsubscribe/UnsubscribePage.tsx',
              () => import('@/pages/unsubscribe/UnsubscribePage.tsx'),
            ),
          },
          { path: routePatterns.login, Component: LoginRedirect },
          {
            path: routePatterns.oauthCallback,
            ...page(
              'src/features/auth/routes/OAuthCallbackPage.tsx',
              () => import('@/features/auth/routes/OAuthCallbackPage.tsx'),
              { sessionLoadingLabel: 'Completing sign in...' },
            ),
          },
          {
            path: routePatterns.setupProfile,
            ...page(
              'src/pages/setup-profile/SetupProfilePage.tsx',
              () => import('@/pages/setup-profile/SetupProfilePage.tsx'),
            ),
          },
          // `/privacyPolicy` and `/privacypolicy` both match: route paths ignore case.
          {
            path: routePatterns.privacy,
            ...page(
              'src/features/legal/routes/PrivacyPage.tsx',
              () => import('@/features/legal/routes/PrivacyPage.tsx'),
            ),
          },
          {
            path: routePatterns.terms,
            ...page(
              'src/features/legal/routes/TermsPage.tsx',
              () => import('@/features/legal/routes/TermsPage.tsx'),
            ),
          },
          {
            path: routePatterns.copyright,
            ...page(
              'src/features/legal/routes/CopyrightPage.tsx',
              () => import('@/features/legal/routes/CopyrightPage.tsx'),
            ),
          },
          {
            path: routePatterns.about,
            ...page(
              'src/features/legal/routes/AboutPage.tsx',
              () => import('@/features/legal/routes/AboutPage.tsx'),
            ),
          },
          {
            path: routePatterns.search,
            ...page(
              'src/features/search/routes/SearchPage.tsx',
              () => import('@/features/search/routes/SearchPage.tsx'),
            ),
          },
          {
            path: routePatterns.contact,
            ...page(
              'src/features/support/routes/ContactPage.tsx',
              () => import('@/features/support/routes/ContactPage.tsx'),
            ),
          },
          {
            path: routePatterns.reportBug,
            ...page(
              'src/features/support/routes/ReportBugPage.tsx',
              () => import('@/features/support/routes/ReportBugPage.tsx'),
            ),
          },
          {
            path: routePatterns.design,
            ...page('src/pages/design/DesignPage.tsx', () => import('@/pages/design/DesignPage.tsx')),
          },
          // Cards link to /design/{slug} (docs/product.md#screens): found by slug, then replaced by the
          // canonical address.
          {
            path: routePatterns.designBySlug,
            ...page(
              'src/features/designs/routes/DesignSlugRedirect.tsx',
              () => import('@/features/designs/routes/DesignSlugRedirect.tsx'),
            ),
          },
          {
            path: routePatterns.profile,
            ...page('src/pages/profile/ProfilePage.tsx', () => import('@/pages/profile/ProfilePage.tsx')),
          },
          {
            path: routePatterns.collection,
            ...page(
              'src/pages/collection/CollectionPage.tsx',
              () => import('@/pages/collection/CollectionPage.tsx'),
            ),
          },
          // Guarded by the page itself: a signed-out visitor gets the alert of docs/product.md#edit-design
          // before /signin.
          {
            path: routePatterns.editDesign,
            ...page(
              'src/features/designs/routes/EditDesignPage.tsx',
              () => import('@/features/designs/routes/EditDesignPage.tsx'),
            ),
          },
          {
            path: routePatterns.editDesignShort,
            ...page(
              'src/features/designs/routes/EditDesignRedirect.tsx',
              () => import('@/features/designs/routes/EditDesignRedirect.tsx'),
            ),
          },
          // The seller dashboard sends signed-out visitors to /signin itself
          // (docs/product.md#seller-dashboard).
          {
            path: routePatterns.sellerDashboard,
            ...page(
              'src/pages/seller-dashboard/SellerDashboardPage.tsx',
              () => import('@/pages/seller-dashboard/SellerDashboardPage.tsx'),
            ),
          },
          {
            path: routePatterns.paymentSuccess,
            ...page(
              'src/pages/payment-success/PaymentSuccessPage.tsx',
              () => import('@/pages/payment-success/PaymentSuccessPage.tsx'),
            ),
          },
          // The sandbox's stand-ins for the provider's hosted pages (test mode only).
          {
            path: routePatterns.sandboxCheckout,
            ...page(
              'src/features/checkout/routes/SandboxCheckoutPage.tsx',
              () => import('@/features/checkout/routes/SandboxCheckoutPage.tsx'),
            ),
          },
          {
            path: routePatterns.sandboxConnect,
            ...page(
              'src/features/seller/routes/SandboxConnectPage.tsx',
              () => import('@/features/seller/routes/SandboxConnectPage.tsx'),
            ),
          },
          { Component: RequireSignIn, children: guardedRoutes },
          // Eager: the error page shows it too, and it is tiny.
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

/**
 * Created by main.tsx after the Google sign-in code was taken out of the address: the router reads
 * the address when it is created, and must not see the code (or screens would act on it again).
 */
export function createAppRouter(routeList: RouteObject[]) {
  return createBrowserRouter(routeList);
}

/**
 * `list` with the lazy routes that match `location` already loaded, so the router's first render
 * shows the page at once, as the server rendered it, instead of its loading screen.
 */
export async function resolveLazyMatches(list: RouteObject[], location: { pathname: string }) {
  const matched = new Set(matchRoutes(list, location.pathname)?.map((match) => match.route));
  const resolve = async (route: RouteObject): Promise<RouteObject> => {
    const copy = route.children
      ? ({ ...route, children: await Promise.all(route.children.map(resolve)) } as RouteObject)
      : route;
    if (!matched.has(route) || typeof route.lazy !== 'function') return copy;
    const loaded = await route.lazy();
    return { ...copy, ...loaded, lazy: undefined } as RouteObject;
  };
  return Promise.all(list.map(resolve));
}
