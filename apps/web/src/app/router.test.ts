import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './layout/RootLayout.tsx';
import { routes } from './router.tsx';

/** `src/`: the routes name their modules from the web app's folder, `src/...`. */
const SRC = fileURLToPath(new URL('..', import.meta.url));
const sourceFile = (module: string) => `${SRC}${module.replace(/^src\//, '')}`;

function lazyRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [route] : []),
    ...lazyRoutes(route.children ?? []),
  ]);
}

describe('routes', () => {
  // The server links a screen's files by the module its route names: a wrong name would leave the
  // server's page unstyled until the code runs, and preload another screen's code.
  it('name, for every lazily loaded screen, the source file the route loads', async () => {
    const screens = lazyRoutes(routes);
    expect(screens.length).toBeGreaterThan(20);
    for (const route of screens) {
      const module = (route.handle as RouteHandle | undefined)?.module ?? '';
      expect(module.startsWith('src/') && fs.existsSync(sourceFile(module)), module).toBe(true);
      const loaded = (await (route.lazy as () => Promise<{ Component: unknown }>)()).Component;
      const named = (await import(/* @vite-ignore */ sourceFile(module))).default;
      expect(loaded, module).toBe(named);
    }
  });
});
