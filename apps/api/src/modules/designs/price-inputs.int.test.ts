import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { createPlan } from '../../test/payments-test-kit.ts';
import { binaryStl, multipart } from '../../test/upload-test-kit.ts';

/** What no price field accepts, and what each accepts as which cents. */
const REFUSED = ['0x10', '1e3', ' 5', '5 ', '', '+5', '-1', '5.999', 'Infinity', 'NaN'];
const ACCEPTED: [string, number][] = [
  ['5', 500],
  ['5.5', 550],
  ['5.50', 550],
  ['0.99', 99],
];

describe(`every price input`, () => {
  let t: TestApp;
  let seller: TestPerson;
  let cover: Buffer;
  const stl = binaryStl(12);

  beforeAll(async () => {
    t = await createTestApp();
    [seller] = (await createPeople(t, 'Pricer', 1)) as [TestPerson];
    cover = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#963' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: authHeader(seller), payload });
  const sendForm = (
    url: string,
    fields: [string, string][],
    files: { field?: string; name: string; data: Buffer }[],
  ) => {
    const { payload, headers } = multipart(fields, files);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...authHeader(seller) } });
  };
  const refusedWith = async (res: Awaited<ReturnType<typeof send>>, message: string, input: string) => {
    expect(res.statusCode, `${JSON.stringify(input)}: ${res.body}`).toBe(400);
    expect(res.json().message, JSON.stringify(input)).toBe(message);
  };

  const uploadFields = (extra: [string, string][]): [string, string][] => [
    ['designName', 'Priced Part'],
    ['description', 'Has a price.'],
    ['categories', JSON.stringify(['Game'])],
    ...extra,
  ];
  const upload = (extra: [string, string][]) =>
    sendForm('/api/designs/upload', uploadFields(extra), [{ name: 'part.stl', data: stl }]);

  it('design upload: the design price and a new collection price', async () => {
    for (const price of REFUSED) {
      await refusedWith(
        await upload([
          ['isPaid', 'true'],
          ['price', price],
        ]),
        'Price must be greater than 0 for paid designs.',
        price,
      );
      await refusedWith(
        await upload([
          ['createNewCollection', 'true'],
          ['newCollectionName', 'New Shelf'],
          ['newCollectionPrice', price],
        ]),
        'Collection price must be a positive number if you are selling this collection.',
        price,
      );
    }
    for (const [price, cents] of ACCEPTED) {
      const res = await upload([
        ['isPaid', 'true'],
        ['price', price],
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const row = await t.db
        .selectFrom('designs')
        .select('price_cents')
        .where('id', '=', res.json().design.id)
        .executeTakeFirstOrThrow();
      expect(row.price_cents).toBe(cents);
    }
    await t.app.stlPreviews.idle();
  });

  it('design edit', async () => {
    const design = await createDesign(t, seller.userId, { slug: 'edited-price' });
    const edit = (price: unknown) =>
      send('PUT', `/api/edit/${design.id}`, { name: 'Edited', isPaid: true, price });
    for (const price of [...REFUSED, 5.999])
      await refusedWith(await edit(price), 'Invalid price.', String(price));
    for (const [price, cents] of ACCEPTED) {
      expect((await edit(price)).statusCode).toBe(200);
      expect((await edit(cents / 100)).json().price).toBe(cents / 100);
    }
  });

  it('collection create and edit', async () => {
    const design = await createDesign(t, seller.userId, { slug: 'shelved' });
    const create = (price: string) =>
      sendForm(
        '/api/collections/create',
        [
          ['name', 'Priced Shelf'],
          ['pricingType', 'oneTime'],
          ['price', price],
          ['designIds', design.id],
        ],
        [{ field: 'coverImage', name: 'cover.png', data: cover }],
      );
    for (const price of REFUSED)
      await refusedWith(await create(price), 'Please enter a valid one-time price.', price);
    const created = await create('0.99');
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const price of REFUSED) {
      await refusedWith(
        await send('PUT', `/api/collections/${id}`, { pricingType: 'subscription', price }),
        'Please enter a valid subscription price.',
        price,
      );
    }
    for (const [price, cents] of ACCEPTED) {
      const res = await send('PUT', `/api/collections/${id}`, { pricingType: 'oneTime', price });
      expect(res.json().pricing.oneTimePurchase).toBe(cents / 100);
    }
  });

  it('subscription plans, monthly and yearly', async () => {
    const shelf = await t.db
      .insertInto('collections')
      .values({ user_id: seller.userId, name: 'Plan Shelf', pricing_type: 'subscription', price_cents: 500 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const planId = await createPlan(t, seller, [shelf.id]);
    const body = (monthlyPrice: unknown, annualPrice: unknown) => ({
      name: 'Priced Plan',
      collections: [shelf.id],
      monthlyPrice,
      annualPrice,
      unlimitedDownloads: true,
    });
    for (const price of REFUSED) {
      await refusedWith(
        await send('POST', '/api/subscription-plans', body(price, 50)),
        'Enter a valid monthly price.',
        price,
      );
      await refusedWith(
        await send('PUT', `/api/subscription-plans/${planId}`, body(5, price)),
        'Enter a valid annual price.',
        price,
      );
    }
    for (const [price, cents] of ACCEPTED) {
      const res = await send('PUT', `/api/subscription-plans/${planId}`, body(price, price));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ monthlyPrice: cents / 100, annualPrice: cents / 100 });
    }
  });
});
