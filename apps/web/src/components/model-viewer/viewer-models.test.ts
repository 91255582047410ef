import { describe, expect, it } from 'vitest';
import type { ModelSource } from './model-source.ts';
import { sameModels, viewerModels } from './viewer-models.ts';

const signed = (key: string): ModelSource => ({
  kind: 'signed-url',
  key,
  getUrl: async () => `https://files.example/${key}`,
  modelKind: 'stl',
});

describe('viewerModels', () => {
  it('shows the preview, with the full model when the person may have it', () => {
    const full = signed('f1');
    expect(viewerModels('/uploads/f1.glb', full)).toEqual({ preview: '/uploads/f1.glb', full });
    expect(viewerModels('/uploads/f1.glb', null)).toEqual({ preview: '/uploads/f1.glb', full: null });
  });

  it('shows the full model alone without a preview, and nothing without either', () => {
    const full = signed('f1');
    expect(viewerModels(null, full)).toEqual({ preview: null, full });
    expect(viewerModels('', full)).toEqual({ preview: null, full });
    expect(viewerModels(null, null)).toBeNull();
    expect(viewerModels('', null)).toBeNull();
  });
});

describe('sameModels', () => {
  it('is true for new objects naming the same files', () => {
    expect(sameModels(viewerModels('/a.glb', signed('a'))!, viewerModels('/a.glb', signed('a'))!)).toBe(true);
    expect(sameModels(viewerModels('/a.glb', null)!, viewerModels('/a.glb', null)!)).toBe(true);
  });

  it('is false when the preview, the full model or the right to it changes', () => {
    const base = viewerModels('/a.glb', signed('a'))!;
    expect(sameModels(base, viewerModels('/b.glb', signed('a'))!)).toBe(false);
    expect(sameModels(base, viewerModels('/a.glb', signed('b'))!)).toBe(false);
    expect(sameModels(base, viewerModels('/a.glb', null)!)).toBe(false);
    expect(sameModels(base, viewerModels(null, signed('a'))!)).toBe(false);
  });
});
