import { hydrate, type QueryClient } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter, resolveLazyMatches, routes } from './app/router.tsx';
import { STATE_ELEMENT_ID } from './app/server/state-element.ts';
import { consumeAddressCode } from './features/auth/address-code.ts';
import { getStoredToken, setSignedInHint } from './lib/auth-storage.ts';
import { setHydrating } from './lib/hydration-slice.tsx';

// Before the router and the first render: the router must not see a Google sign-in code (or a
// token) in the address; the session provider exchanges the code.
const googleCode = consumeAddressCode();
const queryClient = createQueryClient();
// The hint follows the stored session (one stored before the hint existed, or storage cleared
// by hand), for the pages that follow.
setSignedInHint(Boolean(getStoredToken()));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const serverState = document.getElementById(STATE_ELEMENT_ID)?.textContent;

/**
 * The server renders public pages as a visitor sees them. A visitor's first render here is the same
 * markup, so it hydrates it, with the server's query cache (no second fetch of the same data). A
 * signed-in person's first render differs (their session loads first), so theirs is rendered anew,
 * as is every page the server did not render or rendered as an error.
 */
async function start(client: QueryClient) {
  if (serverState && !googleCode && !getStoredToken() && container) {
    hydrate(client, JSON.parse(serverState));
    // The page's code must be there for the first render, or it would render the loading screen
    // where the server put the page.
    const router = createAppRouter(await resolveLazyMatches(routes, window.location));
    setHydrating(true);
    hydrateRoot(
      container,
      <App router={router} googleCode={null} queryClient={client} restoreStored={false} />,
    );
    setHydrating(false);
    return;
  }
  createRoot(container as HTMLElement).render(
    <App router={createAppRouter(routes)} googleCode={googleCode} queryClient={client} />,
  );
}

void start(queryClient);
