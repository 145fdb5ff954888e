import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

type TabsProps = {
  value: string;
  onValueChange(value: string): void;
  items: readonly TabItem[];
  'aria-label': string;
  className?: string;
};

/**
 * Tabs with arrow-key navigation (Radix). The caller owns the value (e.g. from the URL hash).
 * Below the sm breakpoint the tabs wrap as pills, every one in sight: a sideways-scrolling row
 * cut the fourth tab ("Clau…") on a phone with no sign that it scrolled.
 */
export function Tabs({ value, onValueChange, items, className, ...aria }: TabsProps) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} className={className}>
      <RadixTabs.List
        {...aria}
        className="flex flex-wrap gap-2 sm:flex-nowrap sm:gap-1 sm:overflow-x-auto sm:border-b sm:border-line sm:[scrollbar-width:thin]"
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              'rounded-lg border border-line px-3 py-1.5 text-sm font-medium whitespace-nowrap text-fg-muted',
              'data-[state=active]:border-accent data-[state=active]:bg-accent-soft data-[state=active]:text-accent-soft-fg',
              'sm:-mb-px sm:rounded-none sm:border-0 sm:border-b-2 sm:border-transparent sm:py-2.5',
              'sm:data-[state=active]:border-accent sm:data-[state=active]:bg-transparent sm:data-[state=active]:text-fg',
              'hover:text-fg',
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="pt-6">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
