import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileUrlSigner } from '../../lib/signed-urls.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  authHeader,
  createDesign,
  createPeople,
  type TestDesign,
  type TestPerson,
} from '../../test/design-fixtures.ts';
import { unzip } from '../../test/unzip.ts';

describe(`design file delivery`, () => {
  let t: TestApp;
  let owner: TestPerson;
  let maker: TestPerson;
  let free: TestDesign;
  let paid: TestDesign;
  const signer = new FileUrlSigner(new TextEncoder().encode('test-secret-test-secret-test-secret!'));

  beforeAll(async () => {
    t = await createTestApp();
    [owner, maker] = (await createPeople(t, 'Seller', 2)) as [TestPerson, TestPerson];
    free = await createDesign(t, owner.userId, {
      slug: 'gear-box',
      name: 'Gear Box Deluxe',
      stlNames: ['part.stl', 'PART.stl', '../../etc/"evil"\r\nname.stl'],
      imageNames: ['photo.png'],
    });
    paid = await createDesign(t, owner.userId, { slug: 'premium', isPaid: true, priceCents: 900 });
  });
  afterAll(() => t.close());

  const get = (url: string, person?: TestPerson, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...authHeader(person), ...headers } });
  const downloads = async (designId: string) =>
    (
      await t.db
        .selectFrom('designs')
        .select('downloads')
        .where('id', '=', designId)
        .executeTakeFirstOrThrow()
    ).downloads;
  const firstStl = (d: TestDesign) => d.stl[0] as { id: string; bytes: Buffer };

  describe('who may have a link', () => {
    const cases: [string, 'free' | 'paid', 'visitor' | 'maker' | 'owner', number][] = [
      ['get-signed-url', 'free', 'visitor', 200],
      ['get-signed-url', 'free', 'maker', 200],
      ['get-signed-url', 'free', 'owner', 200],
      ['get-signed-url', 'paid', 'visitor', 401],
      ['get-signed-url', 'paid', 'maker', 403],
      ['get-signed-url', 'paid', 'owner', 200],
      ['download', 'free', 'visitor', 401],
      ['download', 'free', 'maker', 200],
      ['download', 'free', 'owner', 200],
      ['download', 'paid', 'visitor', 401],
      ['download', 'paid', 'maker', 403],
      ['download', 'paid', 'owner', 200],
      ['download-all', 'free', 'visitor', 401],
      ['download-all', 'free', 'maker', 200],
      ['download-all', 'free', 'owner', 200],
      ['download-all', 'paid', 'visitor', 401],
      ['download-all', 'paid', 'maker', 403],
      ['download-all', 'paid', 'owner', 200],
    ];
    it.each(cases)('%s of a %s design as %s: %i', async (route, kind, who, status) => {
      const design = kind === 'free' ? free : paid;
      const person = who === 'visitor' ? undefined : who === 'maker' ? maker : owner;
      const id = route === 'download-all' ? design.id : firstStl(design).id;
      const res = await get(`/api/designs/${route}/${id}`, person);
      expect(res.statusCode).toBe(status);
      if (status === 401) {
        expect(res.json().message).toBe(
          route === 'download-all'
            ? 'Please sign in to download this design.'
            : 'You need to be signed in to download this file.',
        );
      }
      if (status === 200 && route !== 'download-all') {
        const { url } = res.json();
        expect(url).toMatch(
          new RegExp(
            `^/api/files/content/${id}\\?purpose=${route === 'download' ? 'download' : 'view'}&expires=\\d+&sig=`,
          ),
        );
        const content = await get(url);
        expect(content.statusCode).toBe(200);
        expect(content.rawPayload.equals(firstStl(design).bytes)).toBe(true);
      }
    });

    it('answers a file id that is not a known UUID with 404', async () => {
      for (const id of ['model.stl', '..%2F..%2Fetc%2Fpasswd', '00000000-0000-4000-8000-000000000000']) {
        for (const route of ['get-signed-url', 'download', 'download-all']) {
          expect((await get(`/api/designs/${route}/${id}`, owner)).statusCode, `${route}/${id}`).toBe(404);
        }
      }
    });
  });

  describe('the bytes behind a link', () => {
    it('serves a model with its type, length, range support and a private cache lifetime', async () => {
      const stl = firstStl(free);
      const res = await get(signer.url(stl.id, 'view'));
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'model/stl',
        'content-length': String(stl.bytes.length),
        'accept-ranges': 'bytes',
        'content-disposition': 'inline',
      });
      expect(res.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/);
      expect(Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1])).toBeLessThanOrEqual(
        600,
      );
    });

    it('refuses bad, tampered, swapped and expired signatures with 403', async () => {
      const stl = firstStl(free);
      const other = free.stl[1] as { id: string };
      const good = new URL(signer.url(stl.id, 'view'), 'http://x');
      const sig = good.searchParams.get('sig') as string;
      const expires = good.searchParams.get('expires') as string;
      const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
      const bad = [
        `/api/files/content/${stl.id}`,
        `/api/files/content/${stl.id}?purpose=view&expires=${expires}&sig=${flipped}`,
        `/api/files/content/${stl.id}?purpose=view&expires=${Number(expires) + 1}&sig=${sig}`,
        `/api/files/content/${stl.id}?purpose=download&expires=${expires}&sig=${sig}`,
        `/api/files/content/${other.id}?purpose=view&expires=${expires}&sig=${sig}`,
        `/api/files/content/${stl.id}?purpose=view&expires=${expires}&sig=`,
        signer.url(stl.id, 'download', Date.now() - 11 * 60_000),
      ];
      for (const url of bad) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('LINK_INVALID');
      }
      expect(
        (await get(`/api/files/content/not-a-uuid?purpose=view&expires=${expires}&sig=${sig}`)).statusCode,
      ).toBe(404);
    });

    it('answers byte ranges with 206 and impossible ones with 416', async () => {
      const stl = firstStl(free);
      const url = signer.url(stl.id, 'view');
      const size = stl.bytes.length;
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=100-', 100, size - 1],
        ['bytes=-84', size - 84, size - 1],
        ['bytes=10-999999999', 10, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const res = await get(url, undefined, { range });
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(stl.bytes.subarray(start, end + 1))).toBe(true);
      }
      const past = await get(url, undefined, { range: `bytes=${size}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${size}`);
      const several = await get(url, undefined, { range: 'bytes=0-1,5-6' });
      expect(several.statusCode).toBe(200);
      expect(several.rawPayload.length).toBe(size);
    });

    it('names downloads safely, with an ASCII fallback and the UTF-8 name', async () => {
      const evil = free.stl[2] as { id: string };
      const res = await get(signer.url(evil.id, 'download'));
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toBe(`attachment; filename="evil_name.stl"; filename*=UTF-8''evil_name.stl`);
      const photo = free.images[0] as { id: string };
      const image = await get(signer.url(photo.id, 'download'));
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['content-disposition']).toContain('filename="photo.webp"');
    });
  });

  describe('the download counter', () => {
    const counted = (designId: string) =>
      t.db.selectFrom('design_downloads').select('user_id').where('design_id', '=', designId).execute();

    it('counts once per person per design per day, link or ZIP, and never viewer fetches or refusals', async () => {
      const design = await createDesign(t, owner.userId, {
        slug: 'counted-once',
        isPaid: true,
        priceCents: 500,
      });
      const [first, second] = (await createPeople(t, 'Counter', 2)) as [TestPerson, TestPerson];
      const stl = firstStl(design);
      // Refused and viewer-only requests count nothing.
      await get(signer.url(stl.id, 'view'));
      await get(`/api/designs/download/${stl.id}`, first);
      await get(`/api/designs/download-all/${design.id}`, first);
      expect(await downloads(design.id)).toBe(0);

      const { url } = (await get(`/api/designs/download/${stl.id}`, owner)).json();
      // Counted as the link is handed out, so the page can show it at once.
      expect(await downloads(design.id)).toBe(1);
      expect((await get(url)).statusCode).toBe(200);
      await get(url);
      await get(`/api/designs/download/${stl.id}`, owner);
      expect((await get(`/api/designs/download-all/${design.id}`, owner)).statusCode).toBe(200);
      expect(await downloads(design.id)).toBe(1);

      // Another person is another download; the free design counts the same way for anyone.
      const free = await createDesign(t, owner.userId, { slug: 'counted-free' });
      expect((await get(`/api/designs/download-all/${free.id}`, first)).statusCode).toBe(200);
      expect((await get(`/api/designs/download/${firstStl(free).id}`, first)).statusCode).toBe(200);
      expect((await get(`/api/designs/download/${firstStl(free).id}`, second)).statusCode).toBe(200);
      expect(await downloads(free.id)).toBe(2);
      expect((await counted(free.id)).map((r) => r.user_id).sort()).toEqual(
        [first.userId, second.userId].sort(),
      );
    });

    it('adds one for concurrent downloads by one person and two for two people', async () => {
      const design = await createDesign(t, owner.userId, { slug: 'counted-race' });
      const [first, second] = (await createPeople(t, 'Racer', 2)) as [TestPerson, TestPerson];
      const stl = firstStl(design);
      const burst = (person: TestPerson) =>
        Array.from({ length: 6 }, (_, i) =>
          get(i % 2 ? `/api/designs/download-all/${design.id}` : `/api/designs/download/${stl.id}`, person),
        );
      const alone = await Promise.all(burst(first));
      expect(alone.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(await downloads(design.id)).toBe(1);

      const other = await createDesign(t, owner.userId, { slug: 'counted-race-two' });
      const both = await Promise.all(
        [first, second].flatMap((person) =>
          Array.from({ length: 4 }, () => get(`/api/designs/download-all/${other.id}`, person)),
        ),
      );
      expect(both.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(await downloads(other.id)).toBe(2);
      expect(await counted(other.id)).toHaveLength(2);
    });
  });

  describe('download all as ZIP', () => {
    it('streams every file under a unique, safe name, stored byte for byte', async () => {
      const res = await get(`/api/designs/download-all/${free.id}`, maker);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Gear_Box_Deluxe.zip"; filename*=UTF-8''Gear_Box_Deluxe.zip`,
      );
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      const entries = await unzip(res.rawPayload);
      expect([...entries.keys()]).toEqual(['part.stl', 'PART (2).stl', 'evil_name.stl', 'photo.webp']);
      free.stl.forEach((file, i) => {
        expect(entries.get([...entries.keys()][i] as string)?.equals(file.bytes)).toBe(true);
      });
      expect(entries.get('photo.webp')?.equals((free.images[0] as { bytes: Buffer }).bytes)).toBe(true);
    });

    it('answers an unknown design with 404', async () => {
      const res = await get('/api/designs/download-all/00000000-0000-4000-8000-000000000000', maker);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Design not found');
    });
  });
});
