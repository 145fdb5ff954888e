import { RadioGroup } from 'radix-ui';
import type { KeyboardEvent, ReactNode } from 'react';
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

const STEP_BY_KEY: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A choice of one among a few: a Radix RadioGroup, so it is announced as a radio group, with the
 * arrow keys moving the choice (not only the focus) as in any radio group.
 *
 * The arrow keys are handled here rather than by Radix: Radix moves the focus in a timeout and
 * checks the newly focused radio only if the key is still held down by then, so a quick key
 * press on a busy page moved the focus and left the choice where it was.
 */
export function SegmentedControl<T extends string>({
  value,
  onValueChange,
  options,
  className,
  compact,
  ...aria
}: SegmentedControlProps<T>) {
  function moveChoice(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = STEP_BY_KEY[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    // Prevented, so Radix's roving focus leaves this key press alone.
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    const radios = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="radio"]');
    radios?.[next]?.focus();
    const option = options[next];
    if (option) onValueChange(option.value);
  }

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
      {options.map((o, index) => (
        <RadioGroup.Item
          key={o.value}
          value={o.value}
          onKeyDown={(event) => moveChoice(event, index)}
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
