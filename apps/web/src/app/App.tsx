import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '@/lib/session/session.tsx';
import { createQueryClient } from './query-client.ts';

type AppProps = {
  router: ReturnType<typeof createBrowserRouter>;
  /** The Google sign-in code main.tsx took out of the address, for the session to exchange. */
  googleCode: string | null;
};

export function App({ router, googleCode }: AppProps) {
  // Created once per page; useState keeps it stable across StrictMode's double render.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider googleCode={googleCode}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
