import type { AdminUser } from '@printmarket/shared/admin';
import { useState } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { QueryState } from '@/components/ui/QueryState.tsx';
import { useAdminUsers } from '@/features/admin/api/users.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useReportUnauthorized } from '@/lib/unauthorized.ts';
import styles from './AdminPanels.module.css';
import { PersonCard } from './PersonCard.tsx';
import { SearchForm } from './SearchForm.tsx';
import { SuspensionForm } from './SuspensionForm.tsx';

/** Shown when the search fails and the server said nothing usable. */
export const FAILED_FETCH_PEOPLE = 'Failed to search people';

/** The operator console's People tab (docs/product.md#operator-console): search, then suspend or lift. */
export function PeoplePanel({ onUnauthorized }: { onUnauthorized(): void }) {
  const [q, setQ] = useState('');
  const users = useAdminUsers(q);
  const [acting, setActing] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useReportUnauthorized(users.error, onUnauthorized);

  return (
    <div className={styles.panel}>
      <SearchForm
        label="Search people"
        placeholder="Username, name or email"
        onSearch={(next) => {
          setNotice(null);
          setQ(next);
          // The same search again asks again: someone may have joined meanwhile.
          if (next === q) void users.refetch();
        }}
      />
      <FormAlert tone="success">{notice}</FormAlert>
      {q !== '' && (
        <QueryState
          query={users}
          loading="Searching..."
          failure={(error) => <p>{errorMessage(error, FAILED_FETCH_PEOPLE)}</p>}
        >
          {(data) =>
            data.users.length === 0 ? (
              <EmptyState>No one matches.</EmptyState>
            ) : (
              <ul className={styles.cards} aria-label="People found">
                {data.users.map((user) => (
                  <PersonCard
                    key={user.id}
                    user={user}
                    onAction={() => {
                      setNotice(null);
                      setActing(user);
                    }}
                  />
                ))}
              </ul>
            )
          }
        </QueryState>
      )}
      <Dialog
        open={acting !== null}
        onClose={() => setActing(null)}
        title={acting?.suspension ? 'Lift the suspension' : 'Suspend the account'}
      >
        {(close) =>
          acting && (
            <SuspensionForm
              user={acting}
              onCancel={close}
              onUnauthorized={onUnauthorized}
              onDone={(user) => {
                setNotice(
                  acting.suspension
                    ? `Lifted the suspension of ${user.username}.`
                    : `Suspended ${user.username}.`,
                );
                close();
              }}
            />
          )
        }
      </Dialog>
    </div>
  );
}
