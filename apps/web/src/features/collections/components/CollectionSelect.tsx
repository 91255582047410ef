import type { Ref, SelectHTMLAttributes } from 'react';
import fieldStyles from '@/components/form/Field.module.css';
import { Field } from '@/components/form/Field.tsx';
import { useMyCollections } from '@/features/collections/api/my-collections.ts';

type CollectionSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'className'> & {
  label?: string;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * The signed-in creator's collections as a select, 'No collection' first. A design belongs to one
 * collection at most (docs/product.md#collections); the server checks that the collection is the creator's
 * own.
 */
export function CollectionSelect({ label = 'Collection', hint, ref, ...select }: CollectionSelectProps) {
  const collections = useMyCollections();
  const status = collections.isPending
    ? 'Loading your collections...'
    : collections.isError
      ? 'Your collections could not be loaded.'
      : collections.data.length === 0
        ? 'You have no collections yet.'
        : hint;
  return (
    <Field label={label} hint={status}>
      {(control) => (
        <select {...select} {...control} ref={ref} className={fieldStyles.input}>
          <option value="">No collection</option>
          {collections.data?.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {`${collection.name}${collection.visibility === 'private' ? ' (private)' : ''}${collection.archived ? ' (archived)' : ''}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
