import { type ReactNode, useEffect, useId, useRef } from 'react';
import { NavLink } from 'react-router';
import { Avatar } from '@/components/ui/Avatar.tsx';
import {
  BagIcon,
  CloseIcon,
  DashboardIcon,
  HomeIcon,
  LogoutIcon,
  ShieldIcon,
  UploadIcon,
} from '@/components/ui/frame-icons.tsx';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import styles from './AccountDrawer.module.css';

type AccountDrawerProps = {
  open: boolean;
  onClose(): void;
  onLogout(): void;
  loggingOut: boolean;
  username: string;
  profilePicture: string | null;
  /** An operator also gets the operators' console. */
  isAdmin: boolean;
};

const LINKS: { to: string; label: string; icon: ReactNode; end?: boolean }[] = [
  { to: paths.home(), label: 'Home', icon: <HomeIcon />, end: true },
  { to: paths.upload(), label: 'Upload Model', icon: <UploadIcon /> },
  { to: paths.dashboard(), label: 'Dashboard', icon: <DashboardIcon /> },
  { to: paths.myPurchases(), label: 'My Purchases', icon: <BagIcon /> },
];

const OPERATOR_LINKS: typeof LINKS = [{ to: paths.admin(), label: 'Operator console', icon: <ShieldIcon /> }];

/**
 * The side menu of a signed-in person. Built on a modal <dialog>: the browser then keeps focus
 * inside, makes the page behind inert, closes on Escape and restores focus when it closes.
 */
export function AccountDrawer({
  open,
  onClose,
  onLogout,
  loggingOut,
  username,
  profilePicture,
  isAdmin,
}: AccountDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click handler only catches backdrop clicks; keyboard users close with Escape or the Close button.
    <dialog
      ref={dialogRef}
      id="account-drawer"
      className={styles.drawer}
      aria-labelledby={titleId}
      // Escape fires `cancel` then `close`; syncing on `close` covers every way of closing.
      onClose={onClose}
      onClick={(event) => {
        // The panel fills the dialog, so a click on the dialog element itself is on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>
        <div className={styles.header}>
          <Avatar src={profilePicture} alt="" size={44} />
          <div className={styles.who}>
            <h2 id={titleId} className={styles.title}>
              Menu
            </h2>
            <p className={styles.username}>{username}</p>
          </div>
          <button type="button" className={button.icon} onClick={onClose} aria-label="Close menu">
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Account" className={styles.nav}>
          <ul className={styles.list}>
            {(isAdmin ? [...LINKS, ...OPERATOR_LINKS] : LINKS).map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
                  onClick={onClose}
                >
                  {link.icon}
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.footer}>
          <button type="button" className={styles.item} onClick={onLogout} disabled={loggingOut}>
            <LogoutIcon />
            Logout
          </button>
        </div>
      </div>
    </dialog>
  );
}
