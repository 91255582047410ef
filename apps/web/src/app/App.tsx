import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '@/lib/session/session.tsx';

type AppProps = {
  router: ReturnType<typeof createBrowserRouter>;
  /** The Google sign-in code main.tsx took out of the address, for the session to exchange. */
  googleCode: string | null;
  /** Created once per page by main.tsx (which fills it with a server-rendered page's data first). */
  queryClient: QueryClient;
  /** Whether the session stored by an earlier visit is restored (see SessionProvider). */
  restoreStored?: boolean;
};

export function App({ router, googleCode, queryClient, restoreStored = true }: AppProps) {
  // After the first commit (effects run children first): the page answers from here on. Until then
  // a server-rendered page is plain HTML (docs/decisions/0015-app-starts-after-first-paint.md);
  // the browser tests wait for this mark as a person waits for the page to answer.
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider googleCode={googleCode} restoreStored={restoreStored}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
