import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { consumeAddressToken } from './features/auth/address-token.ts';

// Before the router and the first render: the session provider must find an address token
// already in storage, and the router must not see it in the address.
consumeAddressToken();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
