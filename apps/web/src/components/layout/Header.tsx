import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useSession } from '../../features/session/useSession';
import { useLogout } from '../../features/session/useLogout';
import './header.css';

/** Logo, product name and the menu; the menu folds behind a button at 900 px or less (spec §2). */
export function Header() {
  const session = useSession();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="site-header">
      <Link to="/" className="site-header__brand" aria-label="Siplog home">
        <img src="/logo.svg" alt="" width={36} height={36} />
        <span className="site-header__name">Siplog</span>
      </Link>
      <button
        type="button"
        className="site-header__toggle"
        aria-expanded={menuOpen}
        aria-controls="site-menu"
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <span className="site-header__bars" aria-hidden="true" />
      </button>
      {/* Any choice in the folded menu (a link or Logout) closes it. */}
      <nav
        id="site-menu"
        className={`site-header__menu${menuOpen ? ' is-open' : ''}`}
        aria-label="Main"
        onClick={() => setMenuOpen(false)}
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
      </nav>
    </header>
  );
}
