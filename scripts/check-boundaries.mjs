#!/usr/bin/env node
// Web import boundaries (docs/architecture.md, "Web"): a feature imports only shared code and its
// own folder; shared code imports only shared code. Composition of several features happens in
// `pages/` and `app/`, which may import anything. Biome's noRestrictedImports matches the written
// specifier only, so it cannot tell a relative `../../x` escape from a local import, nor read CSS
// `composes`; this check resolves every specifier to a folder under `src/` first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Top-level folders of `src/` that any code may import. */
export const SHARED = ['components', 'lib', 'hooks', 'styles', 'assets'];

const TEST_FILE = /\.test\.tsx?$/;
const SOURCE = /\.(m?[jt]sx?|css)$/;

/** Module specifiers of one source file: static, type-only, re-export, dynamic, worker URL, CSS. */
export function specifiers(file, text) {
  if (file.endsWith('.css')) return cssSpecifiers(text);
  const found = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  // `new Worker(new URL('./x.worker.ts', import.meta.url))` loads a module that preProcessFile skips.
  for (const m of text.matchAll(/new\s+URL\(\s*(['"`])([^'"`]+)\1\s*,\s*import\.meta\.url/g))
    found.push(m[2]);
  return found;
}

function cssSpecifiers(text) {
  const css = text.replace(/\/\*[\s\S]*?\*\//g, '');
  const found = [];
  for (const m of css.matchAll(/composes\s*:[^;]*?\bfrom\s+(['"])([^'"]+)\1/g)) found.push(m[2]);
  for (const m of css.matchAll(/@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]+)\1/g)) found.push(m[2]);
  for (const m of css.matchAll(/url\(\s*(['"]?)([^'")\s]+)\1\s*\)/g)) found.push(m[2]);
  return found;
}

/**
 * Where a specifier written in `file` (relative to `src/`) points, as a path relative to `src/`,
 * or null for a package, an absolute URL or a data URI (always allowed).
 */
export function target(file, spec) {
  if (spec.startsWith('@/')) return path.posix.normalize(spec.slice(2));
  if (spec.startsWith('./') || spec.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  }
  return null;
}

/** Why `file` may not import `spec` (both relative to `src/`), or null when it may. */
export function violation(file, spec) {
  const to = target(file, spec);
  if (to === null) return null;
  const [fromTop, fromFeature] = file.split('/');
  const [toTop, toFeature] = to.split('/');
  if (toTop === '..') return 'leaves src/';
  if (SHARED.includes(toTop)) return null;
  // test/ holds the render and fetch helpers of the DOM tests: tests anywhere may use them, code may not.
  if (toTop === 'test' && TEST_FILE.test(file)) return null;
  if (fromTop === 'features') {
    if (toTop === 'features' && toFeature === fromFeature) return null;
    if (toTop === 'features') return `feature "${fromFeature}" imports feature "${toFeature}"`;
    return `feature "${fromFeature}" imports ${toTop}/ (only shared folders and its own)`;
  }
  if (SHARED.includes(fromTop)) return `shared ${fromTop}/ imports ${toTop}/ (only shared folders)`;
  return null;
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** Every boundary violation under `srcDir`, as `{ file, spec, reason }` with `file` relative to it. */
export function check(srcDir) {
  const problems = [];
  for (const full of walk(srcDir)) {
    const file = path.relative(srcDir, full).split(path.sep).join('/');
    for (const spec of specifiers(file, fs.readFileSync(full, 'utf8'))) {
      const reason = violation(file, spec);
      if (reason) problems.push({ file, spec, reason });
    }
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.spec.localeCompare(b.spec));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const srcDir = fileURLToPath(new URL('../apps/web/src/', import.meta.url));
  const problems = check(srcDir);
  for (const p of problems) console.error(`apps/web/src/${p.file}: '${p.spec}': ${p.reason}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} import(s) cross a web boundary (see docs/architecture.md).`);
    process.exit(1);
  }
  console.log('Web import boundaries: ok');
}
