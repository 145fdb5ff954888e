import { Database, KeyRound, MonitorSmartphone, ShieldCheck, User } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { cn } from '../../lib/cn.js';

const SECTIONS = [
  { to: '/app/settings', label: 'Profile', icon: User, end: true },
  { to: '/app/settings/api-keys', label: 'API Keys', icon: KeyRound, end: false },
  { to: '/app/settings/oauth-clients', label: 'OAuth Clients', icon: ShieldCheck, end: false },
  { to: '/app/settings/sessions', label: 'Sessions', icon: MonitorSmartphone, end: false },
  { to: '/app/settings/data', label: 'Data', icon: Database, end: false },
] as const;

/** Settings pages share a side nav (spec: Profile and API Keys; OAuth Clients, Sessions and Data join them). */
export function SettingsLayout() {
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:gap-10">
      <nav aria-label="Settings" className="shrink-0 lg:w-48">
        {/* A grid on phones: a scrolling row hid the last sections off-screen with no hint. */}
        <ul className="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap lg:flex-col">
          {SECTIONS.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
                    isActive
                      ? 'bg-surface text-fg shadow-sm ring-1 ring-line'
                      : 'text-fg-muted hover:text-fg',
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
