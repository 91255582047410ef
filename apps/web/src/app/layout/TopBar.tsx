import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import logoMark from '@/assets/logo-mark.svg';
import { Avatar } from '@/components/ui/Avatar.tsx';
import { MenuIcon } from '@/components/ui/frame-icons.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import { SearchForm } from './SearchForm.tsx';
import styles from './TopBar.module.css';

/**
 * The signed-in person's menu is not part of a page's first load (most visitors are signed out): its
 * code is fetched once the signed-in actions show, and the drawer is mounted when first opened.
 */
const loadAccountDrawer = () => import('./AccountDrawer.tsx');
const AccountDrawer = lazy(() => loadAccountDrawer().then((module) => ({ default: module.AccountDrawer })));

export function TopBar() {
  const { user } = useSession();
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        {/* The label holds the name: the word mark is hidden on narrow screens. */}
        <Link to={paths.home()} className={styles.logo} aria-label="PrintMarket home">
          <img src={logoMark} alt="" width={32} height={32} />
          <span className={styles.wordmark}>PrintMarket</span>
        </Link>
        <SearchForm className={styles.search} />
        <div className={styles.actions}>
          {user ? (
            <SignedInActions
              username={user.username}
              profilePicture={user.profilePicture}
              isAdmin={user.isAdmin}
            />
          ) : (
            <SignedOutActions />
          )}
        </div>
      </div>
    </header>
  );
}

function SignedOutActions() {
  return (
    <>
      <Link to={paths.signIn()} className={`${button.base} ${button.ghost}`}>
        Sign In
      </Link>
      <Link to={paths.signUp()} className={`${button.base} ${button.primary}`}>
        Sign Up
      </Link>
    </>
  );
}

type SignedInActionsProps = { username: string; profilePicture: string | null; isAdmin: boolean };

function SignedInActions({ username, profilePicture, isAdmin }: SignedInActionsProps) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // The drawer belongs to the page it was opened on: any navigation (a link in it, Back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const [drawerMounted, setDrawerMounted] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void loadAccountDrawer();
  }, []);

  const close = () => {
    setOpenOn(null);
    menuButton.current?.focus();
  };

  const logout = async () => {
    setLoggingOut(true);
    // signOut forgets the session synchronously before it awaits the server, so the sign-in screen
    // renders signed out; the server call finishes in the background.
    const done = signOut();
    navigate(paths.signIn());
    await done;
  };

  return (
    <>
      <Link to={paths.dashboard()} className={styles.profile} title="Go to Dashboard">
        <span className={styles.hello}>
          Hello, <span className={styles.username}>{username}</span>
        </span>
        <Avatar src={profilePicture} alt="" size={36} />
      </Link>
      <button
        ref={menuButton}
        type="button"
        className={styles.menuButton}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="account-drawer"
        onClick={() => {
          setDrawerMounted(true);
          setOpenOn(location.key);
        }}
      >
        <MenuIcon size={22} />
      </button>
      {drawerMounted && (
        <Suspense fallback={null}>
          <AccountDrawer
            open={open}
            onClose={close}
            onLogout={logout}
            loggingOut={loggingOut}
            username={username}
            profilePicture={profilePicture}
            isAdmin={isAdmin}
          />
        </Suspense>
      )}
    </>
  );
}
