import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import designPlaceholder from '@/assets/design-placeholder.svg';
import { annualPriceText, downloadsText, monthlyPriceText } from '@/features/plans/plan-labels.ts';
import { mediaUrl } from '@/lib/media.ts';
import { paths } from '@/lib/paths.ts';
import styles from './PlanCard.module.css';

type PlanCardProps = {
  plan: SubscriptionPlan;
  /** The owner's buttons (Edit, Delete), at the bottom of the card. */
  actions?: ReactNode;
};

/** A subscription plan: its name, both prices, the download allowance and the collections it covers. */
export function PlanCard({ plan, actions }: PlanCardProps) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.name}>
        {plan.name}
      </h3>
      <p className={styles.prices}>
        <span className={styles.price}>{monthlyPriceText(plan)}</span>
        <span className={styles.price}>{annualPriceText(plan)}</span>
      </p>
      <p className={styles.downloads}>{downloadsText(plan)}</p>
      <ul className={styles.collections} aria-label={`Collections in ${plan.name}`}>
        {plan.collections.map((collection) => (
          <li key={collection._id} className={styles.collection}>
            <img
              className={styles.thumb}
              src={mediaUrl(collection.coverImageUrl, designPlaceholder)}
              alt=""
              width={48}
              height={36}
              loading="lazy"
              decoding="async"
            />
            <Link to={paths.collection(collection._id)} className={styles.collectionName}>
              {collection.name}
            </Link>
          </li>
        ))}
      </ul>
      {actions && <div className={styles.actions}>{actions}</div>}
    </article>
  );
}
