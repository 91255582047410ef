import { MSG } from '@printmarket/shared/messages';
import {
  PROFILE_DESIGN_SORT_LABELS,
  PROFILE_DESIGN_SORTS,
  type ProfileDesignSort,
} from '@printmarket/shared/social';
import { useUserDesigns } from '../api/list-user-designs.ts';
import { ProfileCardGrid } from './ProfileCardGrid.tsx';
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
        <label className={styles.sort}>
          <span className="visually-hidden">Sort designs</span>
          <select
            className={styles.select}
            value={sort}
            onChange={(event) => onSortChange(event.target.value as ProfileDesignSort)}
          >
            {PROFILE_DESIGN_SORTS.map((value) => (
              <option key={value} value={value}>
                {PROFILE_DESIGN_SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ProfileCardGrid
        list={list}
        label={`Designs by ${username}`}
        emptyText={`${username} has not uploaded any designs yet.`}
        errorText={MSG.failedFetchDesigns}
      />
    </div>
  );
}
