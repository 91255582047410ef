import { UPLOAD_MSG } from '@printmarket/shared/uploads';
import { describe, expect, it } from 'vitest';
import {
  buildUploadFormData,
  EMPTY_UPLOAD_FORM,
  firstUploadProblem,
  payloadFields,
  type UploadFormValues,
} from './upload-form.ts';

const filled: UploadFormValues = {
  ...EMPTY_UPLOAD_FORM,
  modelName: '  Cable Clip ',
  modelDescription: 'Keeps cables tidy.',
  category: 'Tools',
  tags: 'Desk, cables',
};

describe('firstUploadProblem', () => {
  it("gives the product's alerts one at a time, in the product's order", () => {
    let values: UploadFormValues = { ...EMPTY_UPLOAD_FORM, pricing: 'paid', createNewCollection: true };
    values.newCollectionPrice = '-1';
    expect(firstUploadProblem(values, 0)).toBe(UPLOAD_MSG.nameRequired);
    values = { ...values, modelName: 'Clip' };
    expect(firstUploadProblem(values, 0)).toBe(UPLOAD_MSG.descriptionRequired);
    values = { ...values, modelDescription: 'A clip.' };
    expect(firstUploadProblem(values, 0)).toBe(UPLOAD_MSG.noStlFiles);
    expect(firstUploadProblem(values, 1)).toBe(UPLOAD_MSG.priceRequired);
    values = { ...values, price: '4.99' };
    expect(firstUploadProblem(values, 1)).toBe(UPLOAD_MSG.collectionPrice);
    values = { ...values, newCollectionPrice: '', newCollectionName: 'Desk things' };
    expect(firstUploadProblem(values, 1)).toBeNull();
  });

  it('treats blank and whitespace names and descriptions as missing', () => {
    expect(firstUploadProblem({ ...filled, modelName: '   ' }, 1)).toBe(UPLOAD_MSG.nameRequired);
    expect(firstUploadProblem({ ...filled, modelDescription: '\n ' }, 1)).toBe(
      UPLOAD_MSG.descriptionRequired,
    );
  });

  it('asks paid designs for a price above zero, and ignores the price of free ones', () => {
    for (const price of ['', '0', '0.001', 'abc', '-3']) {
      expect(firstUploadProblem({ ...filled, pricing: 'paid', price }, 1)).toBe(UPLOAD_MSG.priceRequired);
      expect(firstUploadProblem({ ...filled, pricing: 'free', price }, 1)).toBeNull();
    }
    expect(firstUploadProblem({ ...filled, pricing: 'paid', price: '0.01' }, 1)).toBeNull();
  });

  it('accepts a blank or zero new collection price, and ignores it when not creating one', () => {
    const collection = { ...filled, createNewCollection: true, newCollectionName: 'Set' };
    expect(firstUploadProblem({ ...collection, newCollectionPrice: '' }, 1)).toBeNull();
    expect(firstUploadProblem({ ...collection, newCollectionPrice: '0' }, 1)).toBeNull();
    expect(firstUploadProblem({ ...collection, newCollectionPrice: 'x' }, 1)).toBe(
      UPLOAD_MSG.collectionPrice,
    );
    expect(firstUploadProblem({ ...filled, newCollectionPrice: '-5' }, 1)).toBeNull();
  });
});

describe('payloadFields', () => {
  it('names the fields as the upload payload does (docs/product.md#uploads)', () => {
    expect(payloadFields({ ...filled, pricing: 'paid', price: '4.50' }, 1_700_000_000_000)).toEqual({
      designName: 'Cable Clip',
      description: 'Keeps cables tidy.',
      settings: '',
      manufacturingInstructions: '',
      usages: '',
      categories: '["Tools"]',
      tags: 'Desk, cables',
      uploadId: '1700000000000',
      isPaid: 'true',
      price: '4.50',
      subscription: 'false',
      createNewCollection: 'false',
      collectionId: '',
      newCollectionName: '',
      newCollectionPrice: '0',
      newCollectionSubscription: 'false',
    });
  });

  it('sends 0 for a free design, an empty list without a category, and the new collection when ticked', () => {
    const fields = payloadFields(
      {
        ...filled,
        category: '',
        price: '9',
        createNewCollection: true,
        newCollectionName: ' Desk set ',
        newCollectionPrice: '12.5',
        newCollectionSubscription: true,
      },
      1,
    );
    expect(fields).toMatchObject({
      categories: '[]',
      isPaid: 'false',
      price: '0',
      createNewCollection: 'true',
      newCollectionName: 'Desk set',
      newCollectionPrice: '12.5',
      newCollectionSubscription: 'true',
      subscription: 'true',
    });
  });

  it('sends the chosen existing collection, but never together with a new one', () => {
    const id = '0196a3b2-0000-7000-8000-000000000001';
    expect(payloadFields({ ...filled, collectionId: id }, 1).collectionId).toBe(id);
    expect(
      payloadFields({ ...filled, collectionId: id, createNewCollection: true, newCollectionName: 'New' }, 1)
        .collectionId,
    ).toBe('');
  });
});

describe('buildUploadFormData', () => {
  it('puts the fields first, then the STL files, then the photos, all as `files`', () => {
    const stl = [new File(['a'], 'a.stl'), new File(['b'], 'b.stl')];
    const photos = [new File(['p'], 'p.png')];
    const body = buildUploadFormData(filled, stl, photos, 42);
    const names = [...body.keys()];
    expect(names.indexOf('files')).toBe(names.length - 3);
    expect(names.slice(0, -3)).not.toContain('files');
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['a.stl', 'b.stl', 'p.png']);
    expect(body.get('uploadId')).toBe('42');
  });
});
