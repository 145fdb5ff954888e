import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context.js';
import { isSearchShortcut, isTypingTarget, SEARCH_INPUT_ID } from '../../lib/search-shortcut.js';
import { useStoredState } from '../../lib/use-stored-state.js';
import { Logo } from './Logo.js';
import { Sidebar } from './Sidebar.js';

const SIDEBAR_ID = 'app-sidebar';

/** The signed-in frame: sidebar (collapsible on desktop, a menu on mobile) and the page. */
export function AppShell() {
  const [collapsed, setCollapsed] = useStoredState<boolean>('sidenav-collapsed', false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signOut } = useAuth();

  // Each route change starts at the top (a new page, not a scrolled old one) and closes the mobile menu.
  useEffect(() => {
    window.scrollTo(0, 0);
    setMobileOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMobileOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  // "/" and Ctrl/⌘+K: search from any page. Off the traces list it opens the list first; the
  // search box takes the focus once it is there.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e, isTypingTarget(e.target))) return;
      e.preventDefault();
      const input = document.getElementById(SEARCH_INPUT_ID);
      if (input) return input.focus();
      void navigate('/app/traces', { state: { focusSearch: true } });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  const handleSignOut = async () => {
    await signOut();
    navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Sidebar
        id={SIDEBAR_ID}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed(!collapsed)}
        onSignOut={() => void handleSignOut()}
        mobileOpen={mobileOpen}
      />
      {mobileOpen && (
        <div
          className="fixed inset-0 z-30 bg-black/40 lg:hidden"
          aria-hidden="true"
          onClick={() => setMobileOpen(false)}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-line bg-surface/90 px-4 backdrop-blur lg:hidden">
          <button
            type="button"
            onClick={() => setMobileOpen(!mobileOpen)}
            aria-expanded={mobileOpen}
            aria-controls={SIDEBAR_ID}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            className="rounded-md p-2 text-fg-muted hover:bg-surface-muted hover:text-fg"
          >
            {mobileOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
          <Logo to="/app/dashboard" />
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
