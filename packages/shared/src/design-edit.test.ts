import { describe, expect, it } from 'vitest';
import { DESIGN_EDIT_MSG, designEditFormSchema, parseEditPrice } from './design-edit.ts';

const form = (change: Partial<Record<string, unknown>> = {}) => ({
  name: 'Gear',
  description: '',
  isPaid: true,
  price: '4.99',
  collectionId: '',
  ...change,
});

const problems = (value: unknown) => {
  const result = designEditFormSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('edit design form', () => {
  it('needs a price above 0 for paid designs and sends 0 for free ones', () => {
    expect(parseEditPrice(false, 'anything')).toBe(0);
    expect(parseEditPrice(true, '4.99')).toBe(4.99);
    expect(parseEditPrice(true, ' 12 ')).toBe(12);
    for (const bad of ['0', '0.00', '', '-3', '1.999', 'abc']) expect(parseEditPrice(true, bad)).toBeNull();
  });

  it('reads valid fields into what the save sends', () => {
    expect(designEditFormSchema.parse(form({ name: '  Gear  ', collectionId: 'c1' }))).toEqual({
      name: 'Gear',
      description: '',
      isPaid: true,
      price: 4.99,
      collectionId: 'c1',
    });
    expect(designEditFormSchema.parse(form({ isPaid: false, price: 'x' }))).toMatchObject({
      price: 0,
      collectionId: null,
    });
  });

  it('reports the name and the price at once', () => {
    expect(problems(form({ name: ' ', price: '0' }))).toEqual([
      ['name', DESIGN_EDIT_MSG.nameRequired],
      ['price', DESIGN_EDIT_MSG.invalidPrice],
    ]);
  });

  it('has no price problem once the price is valid or the design is free', () => {
    expect(problems(form({ price: '0' }))).toEqual([['price', DESIGN_EDIT_MSG.invalidPrice]]);
    expect(problems(form({ price: '3.25' }))).toEqual([]);
    expect(problems(form({ price: '0', isPaid: false }))).toEqual([]);
  });
});
