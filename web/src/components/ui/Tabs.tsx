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

/** Tabs with arrow-key navigation (Radix). The caller owns the value (e.g. from the URL hash). */
export function Tabs({ value, onValueChange, items, className, ...aria }: TabsProps) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} className={className}>
      <RadixTabs.List
        {...aria}
        className="flex gap-1 overflow-x-auto border-b border-line [scrollbar-width:thin]"
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              '-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-fg-muted',
              'hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg',
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
