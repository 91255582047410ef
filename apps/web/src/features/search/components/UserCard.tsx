import { formatInteger } from '@printmarket/shared/en-format';
import type { SearchUserCard } from '@printmarket/shared/search';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar.tsx';
import { paths } from '@/lib/paths.ts';
import styles from './UserCard.module.css';

/** The public profile (docs/product.md#public-profile) shows this when a person wrote no bio. */
const NO_BIO = 'No bio available';

const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

/**
 * A person found by a search; the whole card opens their profile (docs/product.md#search-results:
 * /profile/{username}).
 */
export function UserCard({ user }: { user: SearchUserCard }) {
  return (
    <article className={styles.card}>
      <Avatar src={user.profilePicture} alt="" size={56} />
      <div className={styles.body}>
        <h3 className={styles.username}>
          <Link className={styles.link} to={paths.profile(user.username)}>
            {user.username}
          </Link>
        </h3>
        {user.name && user.name !== user.username && <p className={styles.name}>{user.name}</p>}
        <p className={styles.bio}>{user.bio.trim() || NO_BIO}</p>
        <p className={styles.counts}>
          {plural(user.designsCount, 'design', 'designs')} ·{' '}
          {plural(user.followersCount, 'follower', 'followers')}
        </p>
      </div>
    </article>
  );
}
