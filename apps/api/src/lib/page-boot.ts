import { createHash } from 'node:crypto';

/**
 * The one inline script of a server-rendered page: it starts the app once the page has loaded and
 * been painted. The page works as plain HTML until then (links, the search form), and its
 * stylesheets and pictures do not share a phone's connection with the app's scripts, nor its main
 * thread with their compilation (decision 0015 has the measurements). It reads the scripts from its
 * `data-scripts` attribute (the entry module first, then the modules it and the page import) and
 * preloads them one per task (starting a fetch costs the main thread a few milliseconds each), then
 * adds the entry. Last, because the app's loader of a lazily loaded screen adds, in one task, a
 * preload of each of the screen's modules not in the page yet (decision 0016).
 * Its text never changes, so the content security policy allows it by its hash.
 */
export const BOOT_SCRIPT = [
  '(function () {',
  '  var scripts = document.currentScript.getAttribute("data-scripts").split(" ");',
  '  var loaded = document.readyState === "complete", painted = false, started = false;',
  '  function preload(i) {',
  '    if (i >= scripts.length) {',
  '      var entry = document.createElement("script");',
  '      entry.type = "module"; entry.crossOrigin = ""; entry.src = scripts[0];',
  '      document.head.appendChild(entry);',
  '      return;',
  '    }',
  '    var link = document.createElement("link");',
  '    link.rel = "modulepreload"; link.crossOrigin = ""; link.href = scripts[i];',
  '    document.head.appendChild(link);',
  '    setTimeout(preload, 0, i + 1);',
  '  }',
  '  function start() {',
  '    if (started || !loaded || !painted) return;',
  '    started = true;',
  '    preload(0);',
  '  }',
  '  var Observer = window.PerformanceObserver;',
  '  if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf("paint") >= 0) {',
  '    new Observer(function (list, observer) {',
  '      observer.disconnect(); painted = true; start();',
  '    }).observe({ type: "paint", buffered: true });',
  '  } else painted = true;',
  '  if (!loaded) addEventListener("load", function () { loaded = true; start(); }, { once: true });',
  '  start();',
  '})();',
].join('\n');

/** The `script-src` source that allows BOOT_SCRIPT and no other inline script. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** The tags Vite writes into index.html for the entry and its imports, and the render adds. */
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A rendered page with its module script and module preloads taken out of the head and handed to
 * the boot script at the end of the body. A page without a module script is left as it is.
 */
export function deferAppScripts(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const scripts = [entry, ...new Set(preloads)].join(' ');
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `<script data-scripts="${scripts}">${BOOT_SCRIPT}</script></body>`);
}
