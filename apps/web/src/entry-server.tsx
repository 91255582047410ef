/**
 * The server render's entry, built by `vite build --ssr` into `dist-ssr/` beside the browser build;
 * the API loads it once it listens (docs/decisions/0014-server-rendered-public-pages.md).
 */
export {
  createRenderer,
  type RenderDeps,
  type RenderResult,
  STATE_ELEMENT_ID,
} from './app/server/render.tsx';
