import crypto, { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createDesign, createPeople, type TestDesign, type TestPerson } from '../test/design-fixtures.ts';
import { createCollection } from '../test/payments-test-kit.ts';

const WEB_ROOT = fileURLToPath(new URL('../../../web', import.meta.url));
const PUBLIC_URL = 'https://prints.example';

/** The web app and its server render, built as `npm run build` builds them, into a folder of this test. */
async function buildWebApp(): Promise<string> {
  const out = fileURLToPath(
    new URL(`../../.test-build/web-${randomBytes(6).toString('hex')}`, import.meta.url),
  );
  const configFile = path.join(WEB_ROOT, 'vite.config.ts');
  await build({ configFile, logLevel: 'warn', build: { outDir: path.join(out, 'dist') } });
  await build({
    configFile,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(out, 'dist-ssr') },
  });
  return out;
}

/** The JSON-LD blocks of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? ''),
  );
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

/** The query cache the page carries for the browser. */
function state(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | null {
  const block = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(html)?.[1];
  return block ? JSON.parse(block) : null;
}

describe('server-rendered public pages', () => {
  let t: TestApp;
  let buildDir: string;
  let maker: TestPerson;
  let visitor: TestPerson;
  let paid: TestDesign;
  let free: TestDesign;
  let publicCollection: string;
  let privateCollection: string;

  beforeAll(async () => {
    buildDir = await buildWebApp();
    // Renders are not kept here, so each test sees the database as it left it (keeping is tested
    // on an instance of its own).
    t = await createTestApp({
      WEB_DIST_DIR: path.join(buildDir, 'dist'),
      PUBLIC_URL,
      PAGE_CACHE_SECONDS: '0',
    });
    [maker, visitor] = (await createPeople(t, 'Renderer', 2)) as [TestPerson, TestPerson];
    await t.db
      .updateTable('users')
      .set({ profile_picture_key: 'images/avatar-1.webp', bio: 'Makes <b>tools</b> & toys.' })
      .where('id', '=', maker.userId)
      .execute();
    paid = await createDesign(t, maker.userId, {
      slug: 'cable-clip',
      name: 'Cable Clip </script><b>',
      isPaid: true,
      priceCents: 499,
    });
    await t.db
      .updateTable('designs')
      .set({ description: 'Holds three cables on a desk edge.' })
      .where('id', '=', paid.id)
      .execute();
    free = await createDesign(t, maker.userId, { slug: 'hook', name: 'Wall Hook' });
    publicCollection = await createCollection(t, maker.userId, 'Desk Set', { pricingType: 'free' });
    await t.db
      .updateTable('collections')
      .set({ cover_image_key: 'images/cover-1.webp' })
      .where('id', '=', publicCollection)
      .execute();
    privateCollection = await createCollection(t, maker.userId, 'Drafts', { visibility: 'private' });
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('renders a paid design with its name, description, price, picture and Product offer', async () => {
    const res = await get(`/design/${maker.username}/cable-clip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    // The name is text, escaped, and cannot end a script block.
    expect(html).toContain('<h1 id="design-title"');
    expect(html).toContain('Cable Clip &lt;/script&gt;&lt;b&gt;');
    expect(html).not.toContain('Cable Clip </script>');
    expect(html).toContain('Holds three cables on a desk edge.');
    expect(html).toContain('$4.99');
    expect(html).toContain('<title>Cable Clip &lt;/script&gt;&lt;b&gt; · PrintMarket</title>');
    expect(meta(html, 'description')).toBe('Holds three cables on a desk edge.');
    expect(html).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/design/${maker.username}/cable-clip" />`,
    );
    const image = meta(html, 'og:image');
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/images/.+\\.webp$`));
    expect(meta(html, 'twitter:image')).toBe(image);
    const [product] = jsonLd(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Cable Clip </script><b>',
      image,
      offers: { '@type': 'Offer', price: '4.99', priceCurrency: 'USD' },
    });
    // The data the page rendered from travels with it, under the key the page reads.
    const cache = state(html);
    const design = cache?.queries.find((q) => q.queryKey[0] === 'designs');
    expect(design?.queryKey).toEqual(['designs', 'detail', maker.username.toLowerCase(), 'cable-clip', null]);
    expect(design?.state.data).toMatchObject({ id: paid.id, price: 4.99 });
  });

  /** The browser build's manifest entry of a screen's module. */
  const screen = (module: string): { file: string; css?: string[] } => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(buildDir, 'dist', '.vite', 'manifest.json'), 'utf8'),
    );
    return manifest[module];
  };
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
  /** The scripts the boot script loads: the entry, then the modules it preloads. */
  const bootScripts = (html: string) => /data-scripts="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];

  it("links the page's stylesheets after the main one and names its code, from the build's manifest", async () => {
    const html = (await get(`/design/${maker.username}/cable-clip`)).body;
    const head = headOf(html);
    const design = screen('src/pages/design/DesignPage.tsx');
    expect(design.css?.length).toBeGreaterThan(0);
    const mainStylesheet = head.search(
      /<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/,
    );
    expect(mainStylesheet).toBeGreaterThan(0);
    for (const css of design.css ?? []) {
      const link = head.indexOf(`<link rel="stylesheet" crossorigin href="/${css}">`);
      expect(link, css).toBeGreaterThan(mainStylesheet);
      // The stylesheet is there to be had, like every built asset.
      const res = await t.app.inject({ method: 'GET', url: `/${css}` });
      expect(res.statusCode, css).toBe(200);
      expect(res.headers['content-type'], css).toContain('text/css');
    }
    // Its code is named for the boot script, which loads it after the first paint.
    expect(bootScripts(html)).toContain(`/${design.file}`);
    // Another screen's files are not named.
    expect(html).not.toContain(screen('src/pages/home/HomePage.tsx').file);
  });

  it('starts the app after the first paint, by its one inline script, which the policy allows by its hash', async () => {
    const res = await get(`/design/${maker.username}/cable-clip`);
    const html = res.body;
    // Nothing in the page fetches a script before the boot script runs.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const inline = [...html.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)].filter(
      (match) => !/type="application\/(json|ld\+json)"/.test(match[0]),
    );
    expect(inline).toHaveLength(1);
    const boot = inline[0]?.[1] ?? '';
    const hash = crypto.createHash('sha256').update(boot).digest('base64');
    expect(res.headers['content-security-policy']).toContain(
      `script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`,
    );
    // The entry first, as index.html named it, and after #root and the page's data.
    const template = fs.readFileSync(path.join(buildDir, 'dist', 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(template)?.[1];
    expect(entry).toMatch(/^\/assets\/index-/);
    expect(bootScripts(html)[0]).toBe(entry);
    expect(html.indexOf(boot)).toBeGreaterThan(html.indexOf('id="ssr-state"'));
  });

  it('marks the scripts every page starts with, and no screen, for compiling while they download', async () => {
    const hint = '//# allFunctionsCalledOnLoad\n';
    const manifest = JSON.parse(
      fs.readFileSync(path.join(buildDir, 'dist', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const entry = manifest['index.html'];
    const read = (file: string) => fs.readFileSync(path.join(buildDir, 'dist', file), 'utf8');
    for (const key of ['index.html', ...(entry?.imports ?? [])]) {
      expect(read(manifest[key]?.file ?? '').startsWith(hint), key).toBe(true);
    }
    expect(read(screen('src/pages/design/DesignPage.tsx').file)).not.toContain(hint);
    // The compressed copies the API sends are of the marked files.
    const file = path.join(buildDir, 'dist', entry?.file ?? '');
    expect(
      zlib
        .brotliDecompressSync(fs.readFileSync(`${file}.br`))
        .toString()
        .startsWith(hint),
    ).toBe(true);
  });

  it("sends a browser holding a session the page to render itself, not a visitor's page", async () => {
    const url = `/design/${maker.username}/cable-clip`;
    const hinted = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', cookie: 'theme=dark; pm_signed_in=1' },
    });
    expect(hinted.statusCode).toBe(200);
    expect(hinted.headers.vary).toContain('Cookie');
    expect(hinted.body).toContain('<div id="root"></div>');
    expect(hinted.body).not.toContain('id="ssr-state"');
    expect(hinted.body).toContain('<script type="module"');
    // Without the hint (or with anything else), the visitor's page.
    const visitor = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', cookie: 'pm_signed_in=0' },
    });
    expect(visitor.body).toContain('id="ssr-state"');
    expect(visitor.headers.vary).toContain('Cookie');
  });

  it('keeps the scripts of a page the browser renders anew (the not-found page) as index.html has them', async () => {
    const html = (await get('/design/nobody/nothing')).body;
    expect(html).toContain('<script type="module"');
    expect(html).not.toContain('data-scripts=');
  });

  it("preloads the gallery's first picture from the head, ahead of the stylesheets, and loads it first", async () => {
    const html = (await get(`/design/${maker.username}/cable-clip`)).body;
    // Attribute values may hold a bare '>' (the design's name here does).
    const picture =
      /<img (?:[^>"]|"[^"]*")*?src="(\/uploads\/images\/[^"]+-gallery\.webp)"(?:[^>"]|"[^"]*")*>/.exec(html);
    expect(picture?.[0]).toMatch(/fetchpriority="high"/i);
    expect(picture?.[0]).not.toMatch(/loading="lazy"/i);
    const head = headOf(html);
    const preload = head.search(
      new RegExp(`<link rel="preload" href="${picture?.[1]}" as="image" fetchpriority="high"/>`, 'i'),
    );
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(head.indexOf('rel="stylesheet"'));
    // Nothing else is preloaded ahead of it: the owner's small avatar loads lazily.
    expect(head.match(/rel="preload"/g)).toHaveLength(1);
  });

  it("preloads the first card's picture of the home page and links the home screen's stylesheets", async () => {
    const html = (await get('/')).body;
    const cards = [...html.matchAll(/<img [^>]*src="(\/uploads\/images\/[^"]+-card\.webp)"[^>]*>/g)];
    expect(cards.length).toBeGreaterThan(1);
    expect(cards[0]?.[0]).toMatch(/fetchpriority="high"/i);
    expect(cards[0]?.[0]).not.toMatch(/loading="lazy"/i);
    for (const other of cards.slice(1)) expect(other[0]).toMatch(/loading="lazy"/);
    const head = headOf(html);
    expect(head).toMatch(
      new RegExp(`<link rel="preload" href="${cards[0]?.[1]}" as="image" fetchpriority="high"/>`, 'i'),
    );
    for (const css of screen('src/pages/home/HomePage.tsx').css ?? []) {
      expect(head).toContain(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
  });

  it('keeps the build manifest to itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.body).not.toContain('src/pages/home/HomePage.tsx');
  });

  it('describes a free design as a 3D model', async () => {
    const res = await get(`/design/${maker.username}/hook`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(free.name);
    const [model] = jsonLd(res.body);
    expect(model?.['@type']).toEqual(['CreativeWork', '3DModel']);
    expect(model).toMatchObject({ name: free.name, isAccessibleForFree: true });
    expect(model).not.toHaveProperty('offers');
  });

  it('renders a profile with the person, their avatar and their designs', async () => {
    const res = await get(`/profile/${maker.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Cable Clip');
    expect(res.body).toContain('Wall Hook');
    expect(meta(res.body, 'og:image')).toBe(`${PUBLIC_URL}/uploads/images/avatar-1.webp`);
    expect(meta(res.body, 'og:type')).toBe('profile');
    expect(jsonLd(res.body)[0]).toMatchObject({
      '@type': 'Person',
      alternateName: maker.username,
      url: `${PUBLIC_URL}/profile/${maker.username}`,
      image: `${PUBLIC_URL}/uploads/images/avatar-1.webp`,
      description: 'Makes <b>tools</b> & toys.',
    });
  });

  it('renders a profile of more than 100 designs without its list, which the browser loads', async () => {
    const [prolific] = (await createPeople(t, 'Prolific', 1)) as [TestPerson];
    await t.db
      .insertInto('designs')
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          user_id: prolific.userId,
          slug: `bulk-part-${i}`,
          name: `Bulk Part ${i}`,
          description: 'One of many.',
          category: 'Tools',
          tags: ['bulk'],
          settings: '',
          manufacturing_instructions: '',
          usages: '',
          is_paid: false,
          price_cents: 0,
        })),
      )
      .execute();
    const res = await get(`/profile/${prolific.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${prolific.username} · PrintMarket</title>`);
    expect(res.body).not.toContain('Bulk Part');
    const keys = state(res.body)?.queries.map((q) => q.queryKey) ?? [];
    expect(keys).toContainEqual(['social', 'profile', prolific.username.toLowerCase()]);
    expect(keys.some((key) => key[1] === 'by-user')).toBe(false);
    // One design fewer, and the list is in the page.
    await t.db.deleteFrom('designs').where('slug', '=', 'bulk-part-100').execute();
    const smaller = await get(`/profile/${prolific.username}`);
    expect(smaller.body).toContain('Bulk Part 99');
    // The other tests read the newest designs: these go.
    await t.db.deleteFrom('designs').where('user_id', '=', prolific.userId).execute();
  });

  it('sends an old username or other capitals to the profile address with a 301', async () => {
    await t.db
      .insertInto('username_history')
      .values({ username: 'OldRenderer', user_id: maker.userId })
      .execute();
    for (const old of ['OldRenderer', maker.username.toLowerCase()]) {
      const res = await get(`/profile/${old}?tab=about`);
      expect(res.statusCode, old).toBe(301);
      expect(res.headers.location, old).toBe(`/profile/${maker.username}?tab=about`);
    }
  });

  it('renders a public collection with its cover; a private one is a 404 to others', async () => {
    const res = await get(`/collection/${publicCollection}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Desk Set');
    expect(meta(res.body, 'og:image')).toBe(`${PUBLIC_URL}/uploads/images/cover-1.webp`);

    const hidden = await get(`/collection/${privateCollection}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('Page not found');
    expect(hidden.body).not.toContain('Drafts');
    // An error page is rendered again by the browser, not hydrated.
    expect(state(hidden.body)).toBeNull();
  });

  it('answers unknown designs, people, collections and addresses with 404 and the not-found page', async () => {
    for (const url of [
      `/design/${maker.username}/no-such-design`,
      '/design/nobody-here/cable-clip',
      '/profile/nobody-here',
      `/collection/${randomUUID()}`,
      '/collection/not-an-id',
      '/no/such/page',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('Page not found');
      expect(res.body, url).toContain('<title>Page not found · PrintMarket</title>');
    }
  });

  it('lists the newest designs on the home page, and a later page of another order', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Newest Models');
    expect(home.body).toContain('Wall Hook');
    expect(home.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    const popular = await get('/?sort=most-popular');
    expect(popular.body).toContain('Most Popular Models');
    expect(popular.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/?sort=most-popular" />`);
  });

  it('renders search results', async () => {
    const res = await get('/search?query=hook');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Wall Hook');
    expect(res.body).not.toContain('Cable Clip');
  });

  it('renders the legal and about pages with the configured company', async () => {
    for (const [url, text] of [
      ['/privacyPolicy', 'Privacy Policy'],
      ['/termsofservice', 'Terms of Service'],
      ['/copyright', 'Copyright and takedown notices'],
      ['/about', 'PrintMarket LLC'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(text);
      expect(res.body, url).toContain('id="ssr-state"');
    }
  });

  it('sends the rendered HTML compressed to browsers that accept it', async () => {
    const plain = await get('/');
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // The same page apart from when its data was read (two renders, a few milliseconds apart).
    const withoutTimes = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
    expect(withoutTimes(zlib.brotliDecompressSync(res.rawPayload).toString())).toBe(withoutTimes(plain.body));
  });

  it('renders a page once for visitors asking at the same moment, each in their encoding, and anew after', async () => {
    const url = `/design/${maker.username}/hook`;
    const encodings = ['br', 'gzip', '', 'br', ''];
    const answers = await Promise.all(
      encodings.map((encoding) =>
        t.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
        }),
      ),
    );
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;
    const pages = answers.map((res, i) => {
      const encoding = encodings[i] as '' | 'br' | 'gzip';
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding || undefined);
      return encoding ? decode[encoding](res.rawPayload).toString() : res.body;
    });
    // One render: the same page to the byte, down to when its data was read.
    for (const page of pages) expect(page).toBe(pages[0]);
    expect(pages[0]).toContain(free.name);

    // Nothing is kept after the render: a rename is on the next page.
    await t.db.updateTable('designs').set({ name: 'Wall Hook, renamed' }).where('id', '=', free.id).execute();
    const next = await get(url);
    expect(next.body).toContain('Wall Hook, renamed');
    await t.db.updateTable('designs').set({ name: free.name }).where('id', '=', free.id).execute();
  });

  it('sends a rendered page again to visitors for PAGE_CACHE_SECONDS, and keeps nothing with 0', async () => {
    const keeping = await createTestApp(
      { WEB_DIST_DIR: path.join(buildDir, 'dist'), PUBLIC_URL, PAGE_CACHE_SECONDS: '600' },
      { db: t.db },
    );
    try {
      const url = `/design/${maker.username}/hook`;
      const page = () => keeping.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect((await page()).body).toContain(free.name);
      await t.db.updateTable('designs').set({ name: 'Wall Hook, kept' }).where('id', '=', free.id).execute();
      const again = await page();
      expect(again.body).toContain(free.name);
      expect(again.body).not.toContain('Wall Hook, kept');
      // The API itself answers from the database, and an instance keeping nothing renders anew.
      expect(
        (await keeping.app.inject({ method: 'GET', url: `/api/designs/${maker.username}/hook` })).body,
      ).toContain('Wall Hook, kept');
      expect((await get(url)).body).toContain('Wall Hook, kept');
    } finally {
      await t.db.updateTable('designs').set({ name: free.name }).where('id', '=', free.id).execute();
      await keeping.close();
    }
  });

  it('answers HEAD for a page with the status and type a GET gets', async () => {
    const head = (url: string) => t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html' } });
    const found = await head(`/design/${maker.username}/hook`);
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-type']).toBe('text/html; charset=utf-8');
    const missing = await head('/design/nobody/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await head('/login')).statusCode).toBe(301);
  });

  it('redirects old addresses on the server', async () => {
    const login = await get('/login');
    expect(login.statusCode).toBe(301);
    expect(login.headers.location).toBe('/signin');
    const edit = await get(`/edit/${paid.id}`);
    expect(edit.statusCode).toBe(301);
    expect(edit.headers.location).toBe(`/edit-design/${paid.id}`);
    const short = await get('/design/hook');
    expect(short.statusCode).toBe(301);
    expect(short.headers.location).toBe(`/design/${maker.username}/hook`);
  });

  it('leaves signed-in screens and forms to the browser, and renders for visitors only', async () => {
    for (const url of ['/dashboard', '/signin', '/upload']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    // A session token changes nothing: the page is rendered as a visitor sees it.
    const res = await t.app.inject({
      method: 'GET',
      url: `/design/${maker.username}/cable-clip`,
      headers: { 'x-auth-token': visitor.token },
    });
    expect(state(res.body)?.queries.find((q) => q.queryKey[0] === 'designs')?.state.data).toMatchObject({
      hasLiked: false,
      canEdit: false,
    });
  });
});
