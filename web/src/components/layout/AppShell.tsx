import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context.js';
import {
  isDialogOpen,
  isPaletteShortcut,
  isTypingTarget,
  plainShortcut,
  SEARCH_INPUT_ID,
} from '../../lib/shortcuts.js';
import { useStoredState } from '../../lib/use-stored-state.js';
import { CommandPalette } from './CommandPalette.js';
import { Logo } from './Logo.js';
import { ShortcutsDialog } from './ShortcutsDialog.js';
import { Sidebar } from './Sidebar.js';

const SIDEBAR_ID = 'app-sidebar';

/** The signed-in frame: sidebar (collapsible on desktop, a menu on mobile) and the page. */
export function AppShell() {
  const [collapsed, setCollapsed] = useStoredState<boolean>('sidenav-collapsed', false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signOut } = useAuth();

  // A route change closes the mobile menu. Where the page starts is the router's
  // ScrollRestoration: at the top for a new page, where it was for Back and Forward.
  useEffect(() => setMobileOpen(false), [pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMobileOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  // Ctrl/⌘+K opens the palette from anywhere; `/` searches the traces (opening the list first from
  // another page), `n` starts a trace, `?` lists the shortcuts. A trace's own page adds `e`.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isPaletteShortcut(e)) {
        e.preventDefault();
        setPaletteOpen(true);
        return;
      }
      const key = plainShortcut(e, isTypingTarget(e.target), isDialogOpen());
      if (key === '/') {
        e.preventDefault();
        const input = document.getElementById(SEARCH_INPUT_ID);
        if (input) input.focus();
        else void navigate('/app/traces', { state: { focusSearch: true } });
      } else if (key === 'n') {
        e.preventDefault();
        void navigate('/app/traces?create=true');
      } else if (key === '?') {
        e.preventDefault();
        setShortcutsOpen(true);
      }
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
        onOpenPalette={() => {
          setMobileOpen(false);
          setPaletteOpen(true);
        }}
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
      <CommandPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        onShowShortcuts={() => setShortcutsOpen(true)}
      />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </div>
  );
}
