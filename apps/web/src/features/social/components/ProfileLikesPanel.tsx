import { MSG } from '@printmarket/shared/messages';
import { QueryDesignGrid } from '@/components/design-cards/QueryDesignGrid.tsx';
import { useLikedDesigns } from '@/hooks/use-liked-designs.ts';
import styles from './ProfilePanels.module.css';

/** The Likes tab: the designs the person liked, most recently liked first. */
export function ProfileLikesPanel({ username }: { username: string }) {
  const list = useLikedDesigns(username);
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>Liked designs</h2>
      </div>
      <QueryDesignGrid
        query={list}
        label={`Designs ${username} liked`}
        empty={`${username} has not liked any designs yet.`}
        failure={MSG.failedFetchDesigns}
      />
    </div>
  );
}
