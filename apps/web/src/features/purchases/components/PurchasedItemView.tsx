import { Link } from 'react-router';
import designPlaceholder from '@/assets/design-placeholder.svg';
import type { PurchasedItem } from '@/features/purchases/payment-success.ts';
import { mediaUrl } from '@/lib/media.ts';
import styles from './PurchasedItemView.module.css';

/** The item just bought on the success page: its name (a link to it) and up to four pictures. */
export function PurchasedItemView({ item }: { item: PurchasedItem }) {
  return (
    <figure className={styles.item}>
      {item.images.length > 0 && (
        <ul className={styles.images}>
          {item.images.map((image) => (
            <li key={image.key} className={styles.tile}>
              <Link to={item.path} tabIndex={-1} aria-hidden="true">
                <img
                  className={styles.image}
                  src={mediaUrl(image.url, designPlaceholder)}
                  alt=""
                  width={600}
                  height={450}
                  decoding="async"
                />
              </Link>
              {image.caption && <span className={styles.caption}>{image.caption}</span>}
            </li>
          ))}
        </ul>
      )}
      <figcaption className={styles.name}>
        <Link to={item.path}>{item.name}</Link>
      </figcaption>
    </figure>
  );
}
