import { DEFAULT_PREFERENCES } from '@printmarket/shared/preference-defaults';
import type { CollectionSummary, DesignDetail } from '@printmarket/shared/types';
import type { QueryClient } from '@tanstack/react-query';
import { type Params, redirect } from 'react-router';
import { collectionQueryOptions } from '@/features/collections/api/get-collection.ts';
import { designQueryOptions } from '@/features/designs/api/get-design.ts';
import { fetchDesignLocation } from '@/features/designs/api/get-design-location.ts';
import { designListQueryOptions } from '@/features/designs/api/list-designs.ts';
import { parseHomeParams } from '@/features/designs/home-params.ts';
import { listingHref, listingSort } from '@/features/preferences/home-sort.ts';
import { searchQueryOptions } from '@/features/search/api/search.ts';
import { parseSearchParams, searchHref } from '@/features/search/search-params.ts';
import { profileQueryOptions } from '@/features/social/api/get-profile.ts';
import { userDesignsQueryOptions } from '@/features/social/api/list-user-designs.ts';
import { canonicalProfileAddress } from '@/features/social/profile-address.ts';
import { parseProfileSort } from '@/features/social/profile-sort.ts';
import { configQueryOptions } from '@/hooks/use-config.ts';
import { paths, routePatterns } from '@/lib/paths.ts';
import { absoluteUrl, DEFAULT_DESCRIPTION, type PageHead, SITE_NAME, summary } from './head.ts';

/** What one server render shares between its loaders and the page it renders. */
export type RenderContext = {
  /** Filled by the loaders with the same keys and query functions the pages read. */
  queryClient: QueryClient;
  publicUrl: string;
  /** The head the matched page's loader chose; the site's default when none did. */
  head: PageHead | null;
};

/**
 * A profile lists every design of its person. Beyond this many the server renders the profile
 * without the list, which the browser then loads as it does after a change of order: one
 * request's render of 1,700 cards took 2.5 s of the server's CPU (9 MB of HTML), during which it
 * answered no one else.
 */
export const MAX_RENDERED_PROFILE_DESIGNS = 100;

type LoaderInput = { params: Params; url: URL; context: RenderContext };

/**
 * Fills the query cache with the data the page's first render reads, and says what its head shows.
 * A 404 of the page's own data (an ApiError) makes the whole page a 404 (see render.tsx).
 */
type PageLoader = (input: LoaderInput) => Promise<void>;

/** The key of a route in `pageLoaders`: its path pattern, or 'index' for the home page. */
export const INDEX_KEY = 'index';

/**
 * The public pages the server renders, by route pattern. Screens for signed-in people, forms and
 * the sandbox stay rendered in the browser alone.
 */
export const pageLoaders: Record<string, PageLoader> = {
  [INDEX_KEY]: async ({ url, context }) => {
    const { page } = parseHomeParams(url.searchParams);
    // The server renders for visitors, who have the product's default order.
    const preferred = DEFAULT_PREFERENCES.homeSort;
    const sort = listingSort(url.searchParams.get('sort'), preferred);
    await context.queryClient.fetchQuery(designListQueryOptions({ sort, page }));
    context.head = {
      description: DEFAULT_DESCRIPTION,
      path: listingHref({ sort, page }, preferred),
    };
  },

  [routePatterns.design]: async ({ params, context }) => {
    const username = params.username ?? '';
    const slug = params.slug ?? '';
    const design = await context.queryClient.fetchQuery(designQueryOptions(username, slug, null));
    context.head = designHead(design, context.publicUrl);
  },

  // The short address of a design: straight to its canonical page.
  [routePatterns.designBySlug]: async ({ params }) => {
    const location = await fetchDesignLocation(params.slug ?? '');
    throw redirect(paths.design(location.username, location.slug), 301);
  },

  [routePatterns.profile]: async ({ params, url, context }) => {
    const username = params.username ?? '';
    const profile = await context.queryClient.fetchQuery(profileQueryOptions(username));
    const person = profile.user;
    // An old username (the API followed its 301) or other capitals: the person's current address.
    const canonical = canonicalProfileAddress(username, person.username, { search: url.search, hash: '' });
    if (canonical) throw redirect(canonical, 301);
    const tab = url.searchParams.get('tab');
    if ((!tab || tab === 'designs') && profile.stats.designs <= MAX_RENDERED_PROFILE_DESIGNS) {
      const sort = parseProfileSort(url.searchParams.get('sort'));
      await context.queryClient.fetchQuery(userDesignsQueryOptions(person.username, sort));
    }
    const name = person.name?.trim() || person.username;
    context.head = {
      description: summary(
        person.bio ?? '',
        `${name} (${person.username}) shares 3D-printable designs on ${SITE_NAME}.`,
      ),
      path: paths.profile(person.username),
      image: person.profilePicture,
      type: 'profile',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name,
        alternateName: person.username,
        url: absoluteUrl(paths.profile(person.username), context.publicUrl),
        ...(person.bio?.trim() ? { description: person.bio.trim() } : {}),
        ...imageField(person.profilePicture, context.publicUrl),
      },
    };
  },

  [routePatterns.collection]: async ({ params, context }) => {
    const collection = await context.queryClient.fetchQuery(collectionQueryOptions(params.id ?? '', null));
    context.head = collectionHead(collection, context.publicUrl);
  },

  [routePatterns.search]: async ({ url, context }) => {
    const params = parseSearchParams(url.searchParams);
    if (params.query !== '') await context.queryClient.fetchQuery(searchQueryOptions(params));
    context.head = {
      description: params.query
        ? `3D-printable designs and makers matching "${params.query}" on ${SITE_NAME}.`
        : `Search 3D-printable designs and makers on ${SITE_NAME}.`,
      path: searchHref(params),
    };
  },

  [routePatterns.privacy]: async ({ context }) => {
    context.head = { description: `How ${SITE_NAME} handles personal data.`, path: paths.privacy() };
  },
  [routePatterns.terms]: async ({ context }) => {
    context.head = { description: `The terms of using ${SITE_NAME}.`, path: paths.terms() };
  },
  [routePatterns.copyright]: async ({ context }) => {
    context.head = {
      description: `How to report a copyright infringement on ${SITE_NAME}, and how to answer a report.`,
      path: paths.copyright(),
    };
  },
  [routePatterns.about]: async ({ context }) => {
    context.head = { description: `What ${SITE_NAME} is and who runs it.`, path: paths.about() };
  },

  // Old addresses: answered by the server as permanent redirects.
  [routePatterns.login]: async () => {
    throw redirect(paths.signIn(), 301);
  },
  [routePatterns.editDesignShort]: async ({ params }) => {
    throw redirect(paths.editDesign(params.designId ?? ''), 301);
  },
};

/** Every server-rendered page shows the footer, which reads the public configuration. */
export async function loadFrame(context: RenderContext): Promise<void> {
  await context.queryClient.fetchQuery(configQueryOptions);
}

function imageField(image: string | null | undefined, publicUrl: string) {
  const url = absoluteUrl(image, publicUrl);
  return url ? { image: url } : {};
}

/** The picture a design's link preview shows: its first rendered model preview, else its first photo. */
export function designImage(design: DesignDetail): string | null {
  const preview = design.files.find((file) => file.type === 'stl' && file.previewUrl)?.previewUrl;
  const photo = design.files.find((file) => file.type === 'image')?.url;
  return preview ?? photo ?? null;
}

function designHead(design: DesignDetail, publicUrl: string): PageHead {
  const path = paths.design(design.user.username, design.slug);
  const url = absoluteUrl(path, publicUrl);
  const image = designImage(design);
  const description = summary(
    design.description,
    `${design.name} by ${design.user.username}: a 3D-printable design.`,
  );
  const author = {
    '@type': 'Person',
    name: design.user.username,
    url: absoluteUrl(paths.profile(design.user.username), publicUrl),
  };
  const common = {
    '@context': 'https://schema.org',
    name: design.name,
    description,
    url,
    ...imageField(image, publicUrl),
    ...(design.tags.length > 0 ? { keywords: design.tags.join(', ') } : {}),
  };
  const jsonLd = design.isPaid
    ? {
        ...common,
        '@type': 'Product',
        brand: { '@type': 'Brand', name: design.user.username },
        ...(design.category ? { category: design.category } : {}),
        offers: {
          '@type': 'Offer',
          price: design.price.toFixed(2),
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url,
        },
      }
    : {
        ...common,
        '@type': ['CreativeWork', '3DModel'],
        author,
        dateCreated: design.createdAt,
        isAccessibleForFree: true,
      };
  return { description, path, image, type: design.isPaid ? 'product' : 'website', jsonLd };
}

function collectionHead(collection: CollectionSummary, publicUrl: string): PageHead {
  const path = paths.collection(collection.id);
  const cover = collection.coverImageUrl ?? collection.designs[0]?.files[0]?.url ?? null;
  return {
    description: summary(
      collection.description,
      `${collection.name}: a collection of 3D-printable designs by ${collection.user.username}.`,
    ),
    path,
    image: cover,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: collection.name,
      url: absoluteUrl(path, publicUrl),
      author: { '@type': 'Person', name: collection.user.username },
      ...imageField(cover, publicUrl),
    },
  };
}
