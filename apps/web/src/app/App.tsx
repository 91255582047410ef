import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session.tsx';
import { createQueryClient } from './query-client.ts';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  // Created once per page; useState keeps it stable across StrictMode's double render.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
