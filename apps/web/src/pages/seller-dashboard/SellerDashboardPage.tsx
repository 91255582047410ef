import { useCallback, useState } from 'react';
import { Navigate } from 'react-router';
import { NotAuthorized } from '@/components/ui/NotAuthorized.tsx';
import { MyPlansSection } from '@/features/plans/components/MyPlansSection.tsx';
import { useSellerData } from '@/features/seller/api/get-seller-data.ts';
import { SellerOverview } from '@/features/seller/components/SellerOverview.tsx';
import { TestModeBadge } from '@/features/seller/components/TestModeBadge.tsx';
import { subscribeNotice } from '@/features/seller/seller-labels.ts';
import { useMyCollections } from '@/hooks/use-my-collections.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import { useReportUnauthorized } from '@/lib/unauthorized.ts';
import styles from './SellerDashboardPage.module.css';

/**
 * Seller dashboard (docs/product.md#seller-dashboard): /seller-dashboard. Not behind the sign-in guard; the
 * screen sends a signed-out visitor to /signin itself, once the stored session is known.
 */
export default function SellerDashboardPage() {
  const { status } = useSession();
  // The frame shows the full-screen loader while the session is restored; nothing to decide yet.
  if (status === 'loading') return null;
  if (status === 'signed-out') return <Navigate to={paths.signIn()} replace />;
  return <SellerDashboard />;
}

function SellerDashboard() {
  const seller = useSellerData();
  // Loaded with the page, so the plan modal opens with the seller's collections ready.
  const collections = useMyCollections();
  // Set when the API answers 401 (the session ended on the server, e.g. it expired).
  const [unauthorized, setUnauthorized] = useState(false);
  const onUnauthorized = useCallback(() => setUnauthorized(true), []);
  useReportUnauthorized(seller.error, onUnauthorized);

  if (unauthorized) return <NotAuthorized />;
  return (
    <div className={styles.page}>
      <PageTitle>Seller Dashboard · PrintMarket</PageTitle>
      <header className={styles.header}>
        <h1 className={styles.heading}>Seller Dashboard</h1>
        {seller.data?.mode === 'sandbox' && <TestModeBadge />}
      </header>
      <SellerOverview query={seller} />
      <MyPlansSection collections={collections} notice={seller.data ? subscribeNotice(seller.data) : null} />
    </div>
  );
}
