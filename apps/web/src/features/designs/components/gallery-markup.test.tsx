import type { DesignDetail, DesignDetailFile } from '@printmarket/shared/types';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderWithHead } from '@/test/render-with-head.tsx';
import { DesignGallery, GALLERY_SIZES, galleryImages } from './DesignGallery.tsx';

const file = (id: string, type: 'image' | 'stl', urls: Partial<DesignDetailFile>): DesignDetailFile => ({
  _id: id,
  id,
  name: `${id}.${type === 'stl' ? 'stl' : 'png'}`,
  type,
  url: type === 'stl' ? `/api/files/${id}` : `/uploads/images/${id}-gallery.webp`,
  sizeBytes: 1000,
  ...urls,
});

const design = (files: DesignDetailFile[]) => ({ name: 'Gear', files }) as DesignDetail;

/** A photo stored before the medium size existed (or not yet backfilled): one size. */
const photo = file('p1', 'image', { cardUrl: '/uploads/images/p1-card.webp', mediumUrl: null });
const photoWithMedium = file('p2', 'image', {
  cardUrl: '/uploads/images/p2-card.webp',
  mediumUrl: '/uploads/images/p2-medium.webp',
});
const model = file('m1', 'stl', {
  previewUrl: '/uploads/images/m1-preview.webp',
  previewCardUrl: '/uploads/images/m1-previewcard.webp',
});

/** The attributes of the first tag named `tag` in `html` (the server render's output), lower-cased names. */
function attributes(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag} ([^>]*?)/?>`).exec(html)?.[1] ?? '';
  return Object.fromEntries(
    [...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [
      m[1]?.toLowerCase(),
      m[2]?.replaceAll('&amp;', '&'),
    ]),
  );
}

describe('the design gallery', () => {
  it("offers a model's rendered preview in both sizes the server makes, the card's for narrow screens", () => {
    const [preview] = galleryImages(design([model]));
    expect(preview?.srcSet).toBe(
      '/uploads/images/m1-previewcard.webp 600w, /uploads/images/m1-preview.webp 1200w',
    );
  });

  it('offers a photo in its medium and gallery sizes, never its card (a 4:3 crop)', () => {
    const [picture] = galleryImages(design([photoWithMedium]));
    expect(picture).toMatchObject({
      src: photoWithMedium.url,
      srcSet: '/uploads/images/p2-medium.webp 800w, /uploads/images/p2-gallery.webp 1600w',
    });
  });

  it('offers a photo stored without a medium size in its gallery size only', () => {
    const [picture] = galleryImages(design([photo]));
    expect(picture).toMatchObject({ src: photo.url, srcSet: null });
  });

  it('loads the first picture first, preloaded from the head with the same sources and sizes', () => {
    const { html, preloads } = renderWithHead(
      <DesignGallery images={galleryImages(design([model, photo]))} rendering={false} />,
    );
    const preload = attributes(preloads, 'link');
    const image = attributes(html, 'img');
    // The server puts the preload in the head; the markup carries none.
    expect(html).not.toContain('<link');
    // Photos come first in the gallery: a photo has one size, so the preload names it by address.
    expect(preload).toMatchObject({ as: 'image', fetchpriority: 'high', href: photo.url });
    expect(preload.imagesrcset).toBeUndefined();
    expect(image).toMatchObject({ src: photo.url, fetchpriority: 'high', width: '1200', height: '900' });
    expect(image.srcset).toBeUndefined();
    expect(image.loading).toBeUndefined();
  });

  it("gives the first picture's srcset and sizes to the picture and its preload alike", () => {
    const { html, preloads } = renderWithHead(
      <DesignGallery images={galleryImages(design([model]))} rendering={false} />,
    );
    const preload = attributes(preloads, 'link');
    const image = attributes(html, 'img');
    expect(image.srcset).toBe(
      '/uploads/images/m1-previewcard.webp 600w, /uploads/images/m1-preview.webp 1200w',
    );
    expect(image.sizes).toBe(GALLERY_SIZES);
    expect(preload).toMatchObject({
      imagesrcset: image.srcset,
      imagesizes: image.sizes,
      fetchpriority: 'high',
    });
  });

  it('preloads a photo with a medium size by its srcset, so a phone fetches the smaller from the head', () => {
    const { html, preloads } = renderWithHead(
      <DesignGallery images={galleryImages(design([model, photoWithMedium]))} rendering={false} />,
    );
    const preload = attributes(preloads, 'link');
    const image = attributes(html, 'img');
    expect(image).toMatchObject({
      src: photoWithMedium.url,
      srcset: '/uploads/images/p2-medium.webp 800w, /uploads/images/p2-gallery.webp 1600w',
      sizes: GALLERY_SIZES,
      width: '1200',
      height: '900',
    });
    expect(preload).toMatchObject({
      as: 'image',
      fetchpriority: 'high',
      imagesrcset: image.srcset,
      imagesizes: GALLERY_SIZES,
    });
  });

  it('loads the thumbnails lazily', () => {
    const html = renderToString(
      <DesignGallery images={galleryImages(design([model, photo]))} rendering={false} />,
    );
    const thumbs = [...html.matchAll(/<img [^>]*width="96"[^>]*>/g)].map((m) => m[0]);
    expect(thumbs).toHaveLength(2);
    for (const thumb of thumbs) expect(thumb).toMatch(/loading="lazy"[^>]*decoding="async"/);
  });
});
