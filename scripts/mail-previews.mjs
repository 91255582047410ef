// `npm run mail-previews`: every mail the app sends, composed by its own code from made-up facts
// (scripts/mail-previews/sample-mails.ts), rendered in Chromium at 640 px into docs/mails/*.png,
// with docs/mails/README.md listing them. Run it after changing a mail's wording or look.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { root } from './source-stamp.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'mail-previews-'));
const out = path.join(root, 'docs', 'mails');
try {
  const bundle = path.join(work, 'sample-mails.mjs');
  await build({
    entryPoints: [path.join(root, 'scripts', 'mail-previews', 'sample-mails.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'error',
  });
  const { previews } = await import(pathToFileURL(bundle).href);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
  const lines = [];
  for (const { name, subject, html } of previews) {
    await page.setContent(html);
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
    lines.push(`| ${name} | ${subject.replaceAll('|', '\\|')} | ![${name}](${name}.png) |`);
  }
  await browser.close();
  writeFileSync(
    path.join(out, 'README.md'),
    [
      '# The mails, as Chromium renders their HTML part',
      '',
      'Made by `npm run mail-previews` from made-up facts with the code that composes the real mails;',
      'run it again after changing a mail. What each mail says and when it goes: [product.md](../product.md).',
      '',
      '| Mail | Subject | HTML part at 640 px |',
      '| --- | --- | --- |',
      ...lines,
      '',
    ].join('\n'),
  );
  console.log(`${previews.length} mails rendered into docs/mails`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
