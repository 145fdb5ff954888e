import { Command, LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { NavLink } from 'react-router';
import { useAuth } from '../../auth/auth-context.js';
import { cn } from '../../lib/cn.js';
import { Logo } from './Logo.js';
import { NAV_ITEMS } from './nav-items.js';
import { ThemeToggle } from './ThemeToggle.js';

type SidebarProps = {
  id: string;
  collapsed: boolean;
  onToggleCollapsed(): void;
  onSignOut(): void;
  onOpenPalette(): void;
  /** Mobile: the panel is open over the page. */
  mobileOpen: boolean;
};

export function Sidebar({
  id,
  collapsed,
  onToggleCollapsed,
  onSignOut,
  onOpenPalette,
  mobileOpen,
}: SidebarProps) {
  const { user } = useAuth();
  return (
    <aside
      id={id}
      aria-label="Main"
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-line bg-surface transition-[transform,width] duration-200',
        mobileOpen ? 'translate-x-0 shadow-xl' : '-translate-x-full',
        'lg:sticky lg:top-0 lg:h-screen lg:translate-x-0 lg:shadow-none',
        collapsed && 'lg:w-[4.25rem]',
      )}
    >
      <div
        className={cn(
          'flex h-16 items-center border-b border-line px-4',
          collapsed && 'lg:justify-center lg:px-0',
        )}
      >
        <span className={cn(collapsed && 'lg:hidden')}>
          <Logo to="/app/dashboard" />
        </span>
        <span className={cn('hidden', collapsed && 'lg:inline')}>
          <Logo to="/app/dashboard" compact />
        </span>
      </div>
      <div className="px-3 pt-3">
        <button
          type="button"
          onClick={onOpenPalette}
          aria-keyshortcuts="Control+K Meta+K"
          title={collapsed ? 'Search or jump to… (Ctrl/⌘ K)' : undefined}
          className={cn(
            'flex w-full items-center gap-3 rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm text-fg-muted hover:border-line-strong hover:text-fg',
            collapsed && 'lg:justify-center lg:px-0',
          )}
        >
          <Command className="size-4 shrink-0" aria-hidden="true" />
          <span className={cn('flex-1 text-left', collapsed && 'lg:sr-only')}>Search or jump to…</span>
          <kbd
            className={cn('font-mono text-xs text-fg-subtle', collapsed && 'lg:hidden')}
            aria-hidden="true"
          >
            Ctrl K
          </kbd>
        </button>
      </div>
      <nav className="flex-1 space-y-1 overflow-y-auto p-3">
        {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end ?? false}
            title={collapsed ? label : undefined}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                isActive
                  ? 'bg-accent-soft text-accent-soft-fg'
                  : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
                collapsed && 'lg:justify-center lg:px-0',
              )
            }
          >
            <Icon className="size-5 shrink-0" aria-hidden="true" />
            <span className={cn(collapsed && 'lg:sr-only')}>{label}</span>
          </NavLink>
        ))}
      </nav>
      <div className="space-y-1 border-t border-line p-3">
        {user && (
          <p
            className={cn('truncate px-3 pb-1 text-xs text-fg-muted', collapsed && 'lg:hidden')}
            title={user.email}
          >
            {user.email}
          </p>
        )}
        <ThemeToggle collapsed={collapsed} />
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-pressed={collapsed}
          aria-controls={id}
          className={cn(
            'hidden w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-fg-muted hover:bg-surface-muted hover:text-fg lg:flex',
            collapsed && 'lg:justify-center lg:px-0',
          )}
        >
          {collapsed ? (
            <PanelLeftOpen className="size-5" aria-hidden="true" />
          ) : (
            <PanelLeftClose className="size-5" aria-hidden="true" />
          )}
          <span className={cn(collapsed && 'lg:sr-only')}>
            {collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          </span>
        </button>
        <button
          type="button"
          onClick={onSignOut}
          title={collapsed ? 'Sign out' : undefined}
          className={cn(
            'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-fg-muted hover:bg-danger-soft hover:text-danger-soft-fg',
            collapsed && 'lg:justify-center lg:px-0',
          )}
        >
          <LogOut className="size-5" aria-hidden="true" />
          <span className={cn(collapsed && 'lg:sr-only')}>Sign out</span>
        </button>
      </div>
    </aside>
  );
}
