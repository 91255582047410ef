import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type InitialEntry, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/** One API call the screen made: method, path, query (`?a=b`, or empty), and the body as sent. */
export type ApiCall = { method: string; path: string; search: string; body: BodyInit | null | undefined };
type Answer = { status?: number; json?: unknown; headers?: Record<string, string> };
type Handler = (call: ApiCall) => Answer | Promise<Answer> | undefined;

/**
 * Stands in for the API: `fetch` answers from `handler` (404 when it has no answer) and every
 * call is recorded, so a test can check what the screen sent.
 */
export function stubApi(handler: Handler) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call = { method: init.method ?? 'GET', path: url.pathname, search: url.search, body: init.body };
      calls.push(call);
      const answer = (await handler(call)) ?? { status: 404, json: { message: 'Not found' } };
      return new Response(JSON.stringify(answer.json ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

/**
 * Renders `ui` as the screen at `path`, with a fresh query cache; answers the user-event driver.
 * `entry` is the address opened, when it says more than the path (a query, a navigation state).
 */
export function renderScreen(
  ui: ReactNode,
  { path = '/', entry = path }: { path?: string; entry?: InitialEntry } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>Left for another page</p> },
    ],
    { initialEntries: [entry] },
  );
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}
