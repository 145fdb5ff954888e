import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import { cn } from '../../lib/cn.js';

export type SelectOption = { value: string; label: string };

type SelectProps = {
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  disabled?: boolean;
  className?: string;
};

/** A keyboard-operable select (Radix) with the app's look. */
export function Select({ value, onValueChange, options, className, disabled, ...aria }: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger
        {...aria}
        className={cn(
          'inline-flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg shadow-sm',
          'disabled:cursor-not-allowed disabled:opacity-55 data-[placeholder]:text-fg-subtle',
          className,
        )}
      >
        <RadixSelect.Value />
        <RadixSelect.Icon>
          <ChevronDown className="size-4 text-fg-muted" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-80 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-line bg-surface-raised shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((o) => (
              <RadixSelect.Item
                key={o.value}
                value={o.value}
                className="relative flex cursor-default items-center rounded-md py-1.5 pr-2 pl-7 text-sm text-fg outline-none select-none data-[highlighted]:bg-accent-soft data-[highlighted]:text-accent-soft-fg"
              >
                <RadixSelect.ItemIndicator className="absolute left-2">
                  <Check className="size-4" aria-hidden="true" />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
