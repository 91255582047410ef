import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { consumeAddressCode } from './features/auth/address-code.ts';

// Before the router and the first render: the router must not see a Google sign-in code (or a
// token) in the address; the session provider exchanges the code.
const googleCode = consumeAddressCode();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App router={router} googleCode={googleCode} />
  </StrictMode>,
);
