import type { PricingType } from '@printmarket/shared/collections';
import { type Ref, useId } from 'react';
import choice from '@/components/form/Choice.module.css';
import { ChoiceCard } from '@/components/form/ChoiceCard.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { type CollectionFormValues, choosePricing } from '@/features/collections/collection-form.ts';
import styles from './FormSections.module.css';

const MODELS: { value: PricingType; title: string; hint: string }[] = [
  { value: 'free', title: 'Free', hint: 'Anyone signed in can download every design.' },
  { value: 'oneTime', title: 'One-time', hint: 'Makers buy the whole collection once.' },
  { value: 'subscription', title: 'Subscription', hint: 'Makers pay every month for access.' },
];

type PricingFieldsProps = {
  values: CollectionFormValues;
  onChange(values: CollectionFormValues): void;
  priceError?: string;
  priceRef?: Ref<HTMLInputElement>;
};

/**
 * The pricing model with the rules of docs/product.md#collections: Free turns the subscription off and the
 * price to 0; a paid model reveals its price and the individual-purchase toggle.
 */
export function PricingFields({ values, onChange, priceError, priceRef }: PricingFieldsProps) {
  const name = useId();
  const paid = values.pricingType !== 'free';
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Pricing model</legend>
      <div className={styles.choices}>
        {MODELS.map((model) => (
          <ChoiceCard
            key={model.value}
            name={name}
            value={model.value}
            title={model.title}
            hint={model.hint}
            checked={values.pricingType === model.value}
            onChange={() => onChange(choosePricing(values, model.value))}
          />
        ))}
      </div>
      {paid && (
        <div className={styles.paid}>
          <div className={styles.price}>
            <TextField
              ref={priceRef}
              label={values.pricingType === 'subscription' ? 'Monthly price (USD)' : 'One-time price (USD)'}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="9.99"
              value={values.price}
              error={priceError}
              hint="You keep the price minus the 15% platform and 2% payment fees."
              onChange={(event) => onChange({ ...values, price: event.target.value })}
            />
          </div>
          <label className={choice.check}>
            <input
              type="checkbox"
              checked={values.allowIndividualPurchase}
              onChange={(event) => onChange({ ...values, allowIndividualPurchase: event.target.checked })}
            />
            <span>
              Allow individual purchase
              <span className={choice.checkHint}>Makers may also buy single designs of the collection.</span>
            </span>
          </label>
        </div>
      )}
    </fieldset>
  );
}
