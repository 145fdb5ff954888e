import {
  Cable,
  KeyRound,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  Settings,
  ShieldCheck,
} from 'lucide-react';

export type NavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The sidebar's entries, in the order they appear. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/app/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/app/traces', label: 'Traces', icon: Layers },
  { to: '/app/integrations', label: 'Integrations', icon: Plug },
  { to: '/app/mcp-setup', label: 'MCP Setup', icon: Cable },
  { to: '/app/settings/oauth-clients', label: 'OAuth Clients', icon: ShieldCheck },
  { to: '/app/settings/api-keys', label: 'API Keys', icon: KeyRound },
  { to: '/app/settings', label: 'Settings', icon: Settings, end: true },
];
