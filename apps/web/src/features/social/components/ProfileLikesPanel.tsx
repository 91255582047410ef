import { MSG } from '@printmarket/shared/messages';
import { useLikedDesigns } from '../api/list-liked-designs.ts';
import { ProfileCardGrid } from './ProfileCardGrid.tsx';
import styles from './ProfilePanels.module.css';

/** The Likes tab: the designs the person liked, most recently liked first. */
export function ProfileLikesPanel({ username }: { username: string }) {
  const list = useLikedDesigns(username);
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>Liked designs</h2>
      </div>
      <ProfileCardGrid
        list={list}
        label={`Designs ${username} liked`}
        emptyText={`${username} has not liked any designs yet.`}
        errorText={MSG.failedFetchDesigns}
      />
    </div>
  );
}
