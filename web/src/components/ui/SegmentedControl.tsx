import { RadioGroup } from 'radix-ui';
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

/**
 * A choice of one among a few: a Radix RadioGroup, so the arrow keys move the choice as they do
 * in any radio group (a ToggleGroup only moved the focus, while saying role=radio).
 */
export function SegmentedControl<T extends string>({
  value,
  onValueChange,
  options,
  className,
  compact,
  ...aria
}: SegmentedControlProps<T>) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      orientation="horizontal"
      className={cn(
        'inline-flex h-10 shrink-0 items-center rounded-lg border border-line bg-surface-muted p-0.5',
        className,
      )}
      {...aria}
    >
      {options.map((o) => (
        <RadioGroup.Item
          key={o.value}
          value={o.value}
          aria-label={compact && typeof o.label === 'string' ? o.label : undefined}
          title={compact && typeof o.label === 'string' ? o.label : undefined}
          className={cn(
            'inline-flex h-full items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors',
            'hover:text-fg data-[state=checked]:bg-surface data-[state=checked]:text-fg data-[state=checked]:shadow-sm',
            '[&_svg]:size-4 [&_svg]:shrink-0',
          )}
        >
          {o.icon}
          <span className={cn(compact && o.icon ? 'sr-only sm:not-sr-only' : undefined)}>{o.label}</span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
