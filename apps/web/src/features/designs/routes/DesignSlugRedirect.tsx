import { Navigate, useParams } from 'react-router';
import { useDesignLocation } from '@/features/designs/api/get-design-location.ts';
import { DesignLoadStatus } from '@/features/designs/components/DesignLoadStatus.tsx';

/**
 * `/design/{slug}` (links from cards, docs/product.md#screens): finds the owner and goes to the canonical
 * address.
 */
export default function DesignSlugRedirect() {
  const { slug = '' } = useParams();
  const location = useDesignLocation(slug);

  if (location.data) {
    const to = `/design/${encodeURIComponent(location.data.username)}/${encodeURIComponent(location.data.slug)}`;
    return <Navigate to={to} replace />;
  }
  return <DesignLoadStatus error={location.error} />;
}
