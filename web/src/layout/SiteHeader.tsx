import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { buttonClass } from '../ui/Button';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { quietLinkClass } from '../ui/QuietLink';
import { RefreshButton } from '../ui/RefreshButton';
import { GlassHeader } from './GlassHeader';
import type { InfoDialogName } from './info-dialog-name';
import './SiteHeader.css';

// Only a logged-in reader has notifications: loaded apart, so the landing's first load stays within budget.
const NotificationBell = lazy(() =>
  import('../creators/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);

interface Props {
  onOpenDialog(name: InfoDialogName): void;
  onRefresh(): void;
  refreshing: boolean;
}

/**
 * The landing page's fixed header: product name, nav How / About Us /
 * Policies / Contact, refresh-stories, and Log In + Sign Up or My Profile. Below 60rem the nav
 * and Log In move into a disclosure menu so a 360 px phone keeps one clean row.
 */
export function SiteHeader({ onOpenDialog, onRefresh, refreshing }: Props) {
  const { user, loading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    }
    function onPointer(event: PointerEvent) {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !menuButton.current?.contains(target)) setMenuOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  function open(name: InfoDialogName) {
    setMenuOpen(false);
    onOpenDialog(name);
  }

  const navItems = (
    <>
      <button type="button" className={quietLinkClass('site-nav__item')} onClick={() => open('how')}>
        How
      </button>
      <button type="button" className={quietLinkClass('site-nav__item')} onClick={() => open('about')}>
        About Us
      </button>
      <Link to="/policy" className={quietLinkClass('site-nav__item')}>
        Policies
      </Link>
      <button type="button" className={quietLinkClass('site-nav__item')} onClick={() => open('contact')}>
        Contact
      </button>
    </>
  );

  const menu = menuOpen ? (
    <div ref={panel} id={menuId} className="site-menu">
      <nav className="site-nav site-nav--stacked container" aria-label="Main menu">
        {navItems}
        {!loading && !user ? (
          <Link to="/auth/login" className={quietLinkClass('site-nav__item')}>
            Log In
          </Link>
        ) : null}
      </nav>
    </div>
  ) : null;

  return (
    <GlassHeader className="site-header" below={menu}>
      <nav className="site-nav site-nav--inline" aria-label="Main">
        {navItems}
      </nav>
      <div className="glass-header__actions">
        <RefreshButton refreshing={refreshing} onRefresh={onRefresh} />
        <div className="site-header__auth" aria-busy={loading || undefined}>
          {loading ? null : user ? (
            <>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <Link to="/profile" className={buttonClass('primary', 'sm')}>
                My Profile
              </Link>
            </>
          ) : (
            <>
              <Link
                to="/auth/login"
                className={buttonClass('ghost', 'sm', { className: 'site-header__login' })}
              >
                Log In
              </Link>
              <Link to="/auth/signup" className={buttonClass('primary', 'sm')}>
                Sign Up
              </Link>
            </>
          )}
        </div>
        <button
          ref={menuButton}
          type="button"
          className={buttonClass('ghost', 'md', { icon: true, className: 'site-header__menu-button' })}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={() => setMenuOpen((value) => !value)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
    </GlassHeader>
  );
}
