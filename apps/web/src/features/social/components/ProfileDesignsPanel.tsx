import { MSG } from '@printmarket/shared/messages';
import {
  PROFILE_DESIGN_SORT_LABELS,
  PROFILE_DESIGN_SORTS,
  type ProfileDesignSort,
} from '@printmarket/shared/profile-sorts';
import { QueryDesignGrid } from '@/components/design-cards/QueryDesignGrid.tsx';
import { SortSelect } from '@/components/ui/SortSelect.tsx';
import { useUserDesigns } from '@/features/social/api/list-user-designs.ts';
import styles from './ProfilePanels.module.css';

/** The Designs tab: the person's designs with the sort dropdown (Newest, Most Popular, Most Liked). */
export function ProfileDesignsPanel(props: {
  username: string;
  sort: ProfileDesignSort;
  onSortChange: (sort: ProfileDesignSort) => void;
}) {
  const { username, sort, onSortChange } = props;
  const list = useUserDesigns(username, sort);
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>Designs</h2>
        <SortSelect
          label="Sort designs"
          value={sort}
          options={PROFILE_DESIGN_SORTS.map((value) => ({ value, label: PROFILE_DESIGN_SORT_LABELS[value] }))}
          onChange={onSortChange}
        />
      </div>
      <QueryDesignGrid
        query={list}
        label={`Designs by ${username}`}
        empty={`${username} has not uploaded any designs yet.`}
        failure={MSG.failedFetchDesigns}
      />
    </div>
  );
}
