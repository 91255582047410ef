import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, deferAppScripts } from './page-boot.ts';

const page = [
  '<!doctype html><html><head><title>x</title>',
  '<script type="module" crossorigin src="/assets/index-A.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-B.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
  '<link rel="stylesheet" crossorigin href="/assets/Home-D.css">',
  '<link rel="modulepreload" crossorigin href="/assets/Home-E.js">',
  '<link rel="modulepreload" crossorigin href="/assets/react-B.js">',
  '</head><body><div id="root"><p>page</p></div></body></html>',
].join('\n');

describe('deferAppScripts', () => {
  it('hands the entry, then each preloaded module once, to the boot script at the end of the body', () => {
    const html = deferAppScripts(page);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload" crossorigin href');
    // The stylesheets stay in the head.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Home-D.css">\n</head>');
    expect(html).toContain(
      `<script data-scripts="/assets/index-A.js /assets/react-B.js /assets/Home-E.js">${BOOT_SCRIPT}</script></body>`,
    );
  });

  it('leaves a page without a module script as it is', () => {
    const plain = '<html><head></head><body><div id="root"></div></body></html>';
    expect(deferAppScripts(plain)).toBe(plain);
  });

  it('is a script that cannot close its own element early', () => {
    expect(BOOT_SCRIPT).not.toMatch(/<\/script/i);
  });
});
