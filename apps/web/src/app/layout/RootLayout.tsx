import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { HydrationSlice } from '@/lib/hydration-slice.tsx';
import { useSession } from '@/lib/session/session.tsx';
import { Footer } from './Footer.tsx';
import { FullScreenLoader } from './FullScreenLoader.tsx';
import { NavigationProgress } from './NavigationProgress.tsx';
import styles from './RootLayout.module.css';
import { TopBar } from './TopBar.tsx';

export type RouteHandle = {
  sessionLoadingLabel?: string;
  /** A lazily loaded screen's source file, as the build manifest names it (see router.tsx). */
  module?: string;
};

/** The shared frame of every screen (docs/product.md#frame): fixed top bar, page, footer. */
export function RootLayout() {
  const { status } = useSession();
  const matches = useMatches();
  // Until the stored session is known, no screen renders: guards and the top bar would guess wrong.
  // A route may name what is happening meanwhile (the Google callback says 'Completing sign in...').
  if (status === 'loading') {
    const label = matches
      .map((match) => (match.handle as RouteHandle | undefined)?.sessionLoadingLabel)
      .findLast(Boolean);
    return <FullScreenLoader label={label} />;
  }
  return (
    <div className={styles.frame}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <HydrationSlice>
        <TopBar />
      </HydrationSlice>
      <NavigationProgress />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <HydrationSlice>
        <Footer />
      </HydrationSlice>
      <ScrollRestoration />
    </div>
  );
}
