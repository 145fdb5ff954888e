import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../../lib/cn.js';
import { nextThemeChoice, type ThemeChoice, useTheme } from '../../lib/theme.js';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * One button that steps through System, Light and Dark (it fits the collapsed sidebar too); its
 * name says the current choice and what a press does.
 */
export function ThemeToggle({
  collapsed,
  iconOnly,
  className,
}: {
  collapsed?: boolean;
  /** Just the icon (the public pages' header): the name still says the choice and the next. */
  iconOnly?: boolean;
  className?: string;
}) {
  const { choice, setChoice } = useTheme();
  const Icon = ICONS[choice];
  const next = nextThemeChoice(choice);
  if (iconOnly)
    return (
      <button
        type="button"
        onClick={() => setChoice(next)}
        aria-label={`Theme: ${LABELS[choice]}. Switch to ${LABELS[next]}`}
        title={`Theme: ${LABELS[choice]}`}
        className={cn(
          'inline-flex size-9 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-muted hover:text-fg sm:size-10',
          className,
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
    );
  return (
    <button
      type="button"
      onClick={() => setChoice(next)}
      aria-label={`Theme: ${LABELS[choice]}. Switch to ${LABELS[next]}`}
      title={collapsed ? `Theme: ${LABELS[choice]}` : undefined}
      className={cn(
        'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-fg-muted hover:bg-surface-muted hover:text-fg',
        collapsed && 'lg:justify-center lg:px-0',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
      <span className={cn(collapsed && 'lg:sr-only')}>Theme: {LABELS[choice]}</span>
    </button>
  );
}
