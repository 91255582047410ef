import { Navigate, useParams } from 'react-router';
import { useDesignLocation } from '@/features/designs/api/get-design-location.ts';
import { DesignLoadStatus } from '@/features/designs/components/DesignLoadStatus.tsx';
import { paths } from '@/lib/paths.ts';

/**
 * `/design/{slug}` (links from cards, docs/product.md#screens): finds the owner and goes to the canonical
 * address.
 */
export default function DesignSlugRedirect() {
  const { slug = '' } = useParams();
  const location = useDesignLocation(slug);

  if (location.data) {
    const to = paths.design(location.data.username, location.data.slug);
    return <Navigate to={to} replace />;
  }
  return <DesignLoadStatus error={location.error} />;
}
