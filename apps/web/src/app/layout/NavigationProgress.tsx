import { useNavigation } from 'react-router';
import styles from './NavigationProgress.module.css';

/** A thin bar under the top bar while the next screen's code is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.bar} role="progressbar" aria-label="Loading page" />;
}
