import type { Alias } from 'vite';

/**
 * The app is written against React's API and runs on Preact's implementation of it
 * (docs/decisions/0016-preact-runtime.md): every import of React, from our code and from the
 * libraries (React Router, TanStack Query, react-hook-form, Testing Library), is sent to
 * `preact/compat`. The browser build, the server render and the tests all use this one list, so
 * what the tests render is what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server(\.node|\.browser)?$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
