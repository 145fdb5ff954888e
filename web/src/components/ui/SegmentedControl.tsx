import { ToggleGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export type SegmentOption<T extends string> = { value: T; label: ReactNode; icon?: ReactNode };

type SegmentedControlProps<T extends string> = {
  value: T;
  onValueChange(value: T): void;
  options: readonly SegmentOption<T>[];
  'aria-label': string;
  className?: string;
  /** Hide the text labels below the `sm` breakpoint (they stay the accessible names). */
  compact?: boolean;
};

/** A choice of one among a few (a radio group with arrow-key navigation, Radix ToggleGroup). */
export function SegmentedControl<T extends string>({
  value,
  onValueChange,
  options,
  className,
  compact,
  ...aria
}: SegmentedControlProps<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      // Clicking the selected item would clear a single toggle group: keep one always chosen.
      onValueChange={(v) => v && onValueChange(v as T)}
      className={cn(
        'inline-flex h-10 shrink-0 items-center rounded-lg border border-line bg-surface-muted p-0.5',
        className,
      )}
      {...aria}
    >
      {options.map((o) => (
        <ToggleGroup.Item
          key={o.value}
          value={o.value}
          aria-label={compact && typeof o.label === 'string' ? o.label : undefined}
          title={compact && typeof o.label === 'string' ? o.label : undefined}
          className={cn(
            'inline-flex h-full items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors',
            'hover:text-fg data-[state=on]:bg-surface data-[state=on]:text-fg data-[state=on]:shadow-sm',
            '[&_svg]:size-4 [&_svg]:shrink-0',
          )}
        >
          {o.icon}
          <span className={cn(compact && o.icon ? 'sr-only sm:not-sr-only' : undefined)}>{o.label}</span>
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
