import type { DesignDetail } from '@printmarket/shared/types';
import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session/session.tsx';
import styles from './DesignPage.module.css';

/*
 * Both parts bring the operators' shared module, whose request schemas bring zod: their code is
 * fetched only for the few who see them (an operator, the owner of a taken-down design), not with
 * every design page.
 */
const DesignOperatorActions = lazy(() =>
  import('@/features/admin/components/DesignOperatorActions.tsx').then((module) => ({
    default: module.DesignOperatorActions,
  })),
);
const TakedownNotice = lazy(() =>
  import('@/features/designs/components/TakedownNotice.tsx').then((module) => ({
    default: module.TakedownNotice,
  })),
);

/**
 * The top of the design page for what operators do (docs/product.md#design-page): the takedown
 * notice (only its owner and operators get `takedown`), and an operator's Take down or Restore.
 * Nothing for anyone else.
 */
export function DesignModeration({ design }: { design: DesignDetail }) {
  const isOperator = useSession().user?.isAdmin === true;
  if (!design.takedown && !isOperator) return null;
  return (
    <div className={styles.moderation}>
      <Suspense fallback={null}>
        {isOperator && <DesignOperatorActions designId={design.id} takenDown={design.takedown !== null} />}
        {design.takedown && (
          <TakedownNotice designId={design.id} takedown={design.takedown} isOwner={design.canEdit} />
        )}
      </Suspense>
    </div>
  );
}
