import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import { IMAGE_ACCEPT } from '@printmarket/shared/constants';
import type { CollectionSummary } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/Dialog.tsx';
import {
  FAILED_ARCHIVE_COLLECTION,
  FAILED_UNARCHIVE_COLLECTION,
  useSetArchived,
} from '@/features/collections/api/archive-collection.ts';
import {
  FAILED_DELETE_COLLECTION,
  useDeleteCollection,
} from '@/features/collections/api/delete-collection.ts';
import { FAILED_UPDATE_COVER, useUpdateCover } from '@/features/collections/api/update-cover.ts';
import { forgetCollection } from '@/features/collections/collection-cache.ts';
import { coverImageProblem } from '@/features/collections/cover-image.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import { AddDesignsList } from './AddDesignsList.tsx';
import { EditCollectionForm } from './EditCollectionForm.tsx';
import styles from './OwnerActions.module.css';

type OwnerActionsProps = {
  collection: CollectionSummary;
  userId: string;
  /** Reports a failure (or clears the report with null) to the page's message area. */
  onProblem(message: string | null): void;
};

/**
 * What the collection's owner may do (docs/product.md#roles): edit it, add designs, change the cover,
 * archive it and delete it (after the confirmation of docs/product.md#collection-pages, then on to the
 * dashboard). A collection people hold cannot be deleted: the server's refusal says who holds it and
 * archiving is offered.
 */
export function OwnerActions({ collection, userId, onProblem }: OwnerActionsProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'edit' | 'add' | 'held' | null>(null);
  const [heldMessage, setHeldMessage] = useState('');
  const coverInput = useRef<HTMLInputElement>(null);
  const cover = useUpdateCover(collection.id);
  const remove = useDeleteCollection(collection.id);
  const archive = useSetArchived(collection.id);

  const setArchived = (archived: boolean, onDone?: () => void) => {
    onProblem(null);
    archive.mutate(archived, {
      onSuccess: onDone,
      onError: (error) =>
        onProblem(errorMessage(error, archived ? FAILED_ARCHIVE_COLLECTION : FAILED_UNARCHIVE_COLLECTION)),
    });
  };

  const onCoverChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Lets the same file be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = coverImageProblem(file);
    onProblem(problem);
    if (problem) return;
    cover.mutate(file, { onError: (error) => onProblem(errorMessage(error, FAILED_UPDATE_COVER)) });
  };

  const deleteCollection = () => {
    if (!window.confirm(COLLECTION_MSG.deleteConfirm)) return;
    onProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        navigate(paths.dashboard());
        forgetCollection(queryClient, collection.id);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'COLLECTION_HELD' && error.serverMessage) {
          setHeldMessage(error.serverMessage);
          setDialog('held');
          return;
        }
        onProblem(errorMessage(error, FAILED_DELETE_COLLECTION));
      },
    });
  };

  const busy = remove.isPending || remove.isSuccess;
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={`${button.base} ${button.primary}`}
        disabled={busy}
        onClick={() => setDialog('edit')}
      >
        Edit Collection
      </button>
      <button
        type="button"
        className={`${button.base} ${button.secondary}`}
        disabled={busy}
        onClick={() => setDialog('add')}
      >
        Add Designs
      </button>
      <input
        ref={coverInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="New cover image"
        onChange={onCoverChosen}
      />
      <button
        type="button"
        className={`${button.base} ${button.secondary}`}
        disabled={busy || cover.isPending}
        aria-busy={cover.isPending}
        onClick={() => coverInput.current?.click()}
      >
        {cover.isPending ? 'Updating cover...' : 'Change Cover'}
      </button>
      <button
        type="button"
        className={`${button.base} ${button.secondary}`}
        disabled={busy || archive.isPending}
        aria-busy={archive.isPending}
        onClick={() => setArchived(!collection.archived)}
      >
        {collection.archived ? 'Unarchive Collection' : 'Archive Collection'}
      </button>
      <button
        type="button"
        className={`${button.base} ${button.secondary} ${styles.danger}`}
        disabled={busy}
        aria-busy={remove.isPending}
        onClick={deleteCollection}
      >
        {busy ? 'Deleting...' : 'Delete Collection'}
      </button>

      <Dialog open={dialog === 'edit'} onClose={() => setDialog(null)} title="Edit Collection">
        {(close) => <EditCollectionForm collection={collection} onSaved={close} onCancel={close} />}
      </Dialog>
      <Dialog open={dialog === 'add'} onClose={() => setDialog(null)} title="Add Designs">
        {(close) => <AddDesignsList collection={collection} userId={userId} onDone={close} />}
      </Dialog>
      <Dialog open={dialog === 'held'} onClose={() => setDialog(null)} title="Delete Collection">
        {(close) => (
          <div className={styles.held}>
            <p role="alert">{heldMessage}</p>
            <div className={styles.actions}>
              {!collection.archived && (
                <button
                  type="button"
                  className={`${button.base} ${button.primary}`}
                  disabled={archive.isPending}
                  aria-busy={archive.isPending}
                  onClick={() => setArchived(true, close)}
                >
                  Archive Collection
                </button>
              )}
              <button type="button" className={`${button.base} ${button.secondary}`} onClick={close}>
                Cancel
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
