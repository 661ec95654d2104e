import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useSession } from '../features/session/useSession';
import { useLogout } from '../features/session/useLogout';
import { ThemeMenu } from './ThemeMenu';
import './header.css';

/** Closes the folded menu on Escape (focus goes back to its button) and on a press outside the header. */
function useDismissMenu(
  open: boolean,
  close: () => void,
  header: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusWasInMenu = header.current?.contains(document.activeElement) ?? false;
      close();
      if (focusWasInMenu) toggle.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close, header, toggle]);
}

/**
 * Logo, product name, the notification bell (signed in) and the menu; the menu folds behind a button at 900 px or
 * less (spec §2), the bell stays beside it.
 */
export function Header() {
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  // The menu is open for the page it was opened on: any navigation folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpenOn(null), []);
  useDismissMenu(menuOpen, close, headerRef, toggleRef);

  return (
    <header className="site-header" ref={headerRef}>
      <Link to="/" className="site-header__brand" aria-label="Siplog home">
        <img src="/logo.svg" alt="" width={36} height={36} />
        <span className="site-header__name">Siplog</span>
      </Link>
      {/* Before the menu's button, so it stays in the bar when the menu folds. */}
      {session && <NotificationBell />}
      <button
        ref={toggleRef}
        type="button"
        className="site-header__toggle"
        aria-expanded={menuOpen}
        aria-controls="site-menu"
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setOpenOn(menuOpen ? null : location.key)}
      >
        <span className="site-header__bars" aria-hidden="true" />
      </button>
      {/* Any choice in the folded menu (a link, even to the page already shown, Logout, or a theme) closes it; opening
          the Theme menu does not. After a theme, focus goes back to the menu's button, as the choice's own button hides. */}
      <nav
        id="site-menu"
        className={`site-header__menu${menuOpen ? ' is-open' : ''}`}
        aria-label="Main"
        onClick={(event) => {
          const target = event.target instanceof Element ? event.target : null;
          if (target?.closest('.theme-menu') && !target.closest('[role="menuitemradio"]')) return;
          if (menuOpen && target?.closest('.theme-menu')) toggleRef.current?.focus();
          close();
        }}
      >
        {session && <span className="site-header__greeting">Hi {session.first_name}</span>}
        <NavLink to="/" end>
          map
        </NavLink>
        {session ? (
          <>
            <NavLink to="/mylog">My Log</NavLink>
            <button type="button" className="site-header__link-button" onClick={logout}>
              Logout
            </button>
          </>
        ) : (
          <>
            <NavLink to="/login">Login</NavLink>
            <NavLink to="/join" className="site-header__cta">
              Join
            </NavLink>
          </>
        )}
        <ThemeMenu />
      </nav>
    </header>
  );
}
