import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireSignIn } from '@/features/auth/components/RequireSignIn.tsx';
import { LoginRedirect } from '@/features/auth/routes/LoginRedirect.tsx';
import { FullScreenLoader } from './layout/FullScreenLoader.tsx';
import { RootLayout, type RouteHandle } from './layout/RootLayout.tsx';
import NotFoundPage from './NotFoundPage.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/**
 * Every screen is its own chunk, loaded when its route is first visited. This keeps the first load
 * of the home page small: the forms' libraries (react-hook-form, zod) only come with the auth screens.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * Routes behind the sign-in guard. A later screen only needs an entry here.
 * (Paths match case-insensitively, so `/MyPurchases` will also answer `/mypurchases`.)
 */
const guardedRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: page(() => import('@/features/users/routes/DashboardPage.tsx')) },
  { path: 'upload', lazy: page(() => import('@/features/upload/routes/UploadPage.tsx')) },
  { path: 'settings', lazy: page(() => import('@/features/settings/routes/SettingsPage.tsx')) },
  {
    path: 'create-collection',
    lazy: page(() => import('@/features/collections/routes/CreateCollectionPage.tsx')),
  },
  { path: 'MyPurchases', lazy: page(() => import('@/features/purchases/routes/MyPurchasesPage.tsx')) },
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
          { index: true, lazy: page(() => import('@/features/designs/routes/HomePage.tsx')) },
          { path: 'signin', lazy: page(() => import('@/features/auth/routes/SignInPage.tsx')) },
          { path: 'signup', lazy: page(() => import('@/features/auth/routes/SignUpPage.tsx')) },
          { path: 'login', Component: LoginRedirect },
          {
            path: 'oauth-callback',
            handle: { sessionLoadingLabel: 'Completing sign in...' } satisfies RouteHandle,
            lazy: page(() => import('@/features/auth/routes/OAuthCallbackPage.tsx')),
          },
          {
            path: 'setup-profile',
            lazy: page(() => import('@/features/users/routes/SetupProfilePage.tsx')),
          },
          // `/privacyPolicy` and `/privacypolicy` both match: route paths ignore case.
          {
            path: 'privacyPolicy',
            lazy: page(() => import('@/features/legal/routes/PrivacyPage.tsx')),
          },
          {
            path: 'termsofservice',
            lazy: page(() => import('@/features/legal/routes/TermsPage.tsx')),
          },
          { path: 'about', lazy: page(() => import('@/features/legal/routes/AboutPage.tsx')) },
          { path: 'search', lazy: page(() => import('@/features/search/routes/SearchPage.tsx')) },
          { path: 'contact', lazy: page(() => import('@/features/support/routes/ContactPage.tsx')) },
          {
            path: 'report-bug',
            lazy: page(() => import('@/features/support/routes/ReportBugPage.tsx')),
          },
          {
            path: 'design/:username/:slug',
            lazy: page(() => import('@/features/designs/routes/DesignPage.tsx')),
          },
          // Cards link to /design/{slug} (docs/product.md#screens): found by slug, then replaced by the
          // canonical address.
          {
            path: 'design/:slug',
            lazy: page(() => import('@/features/designs/routes/DesignSlugRedirect.tsx')),
          },
          {
            path: 'profile/:username',
            lazy: page(() => import('@/features/social/routes/ProfilePage.tsx')),
          },
          {
            path: 'collection/:id',
            lazy: page(() => import('@/features/collections/routes/CollectionPage.tsx')),
          },
          // Guarded by the page itself: a signed-out visitor gets the alert of docs/product.md#edit-design
          // before /signin.
          {
            path: 'edit-design/:designId',
            lazy: page(() => import('@/features/designs/routes/EditDesignPage.tsx')),
          },
          {
            path: 'edit/:designId',
            lazy: page(() => import('@/features/designs/routes/EditDesignRedirect.tsx')),
          },
          // The seller dashboard sends signed-out visitors to /signin itself
          // (docs/product.md#seller-dashboard).
          {
            path: 'seller-dashboard',
            lazy: page(() => import('@/features/seller/routes/SellerDashboardPage.tsx')),
          },
          {
            path: 'payment-success',
            lazy: page(() => import('@/features/purchases/routes/PaymentSuccessPage.tsx')),
          },
          // The sandbox's stand-ins for the provider's hosted pages (test mode only).
          {
            path: 'sandbox/checkout/:sessionId',
            lazy: page(() => import('@/features/checkout/routes/SandboxCheckoutPage.tsx')),
          },
          {
            path: 'sandbox/connect/:accountId',
            lazy: page(() => import('@/features/seller/routes/SandboxConnectPage.tsx')),
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
export function createAppRouter() {
  return createBrowserRouter(routes);
}
