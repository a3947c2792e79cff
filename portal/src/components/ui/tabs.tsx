import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from './cn';

export const Tabs = RadixTabs.Root;

export function TabsList({ children, label, className }: { children: ReactNode; label: string; className?: string }) {
  return (
    <RadixTabs.List
      aria-label={label}
      className={cn('flex w-full gap-1 overflow-x-auto rounded-full bg-surface-muted p-1', className)}
    >
      {children}
    </RadixTabs.List>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Trigger
      value={value}
      className={cn(
        'flex-1 cursor-pointer whitespace-nowrap rounded-full px-1.5 py-2 text-xs font-semibold sm:px-4 sm:text-sm text-fg-muted transition-colors',
        'hover:text-fg data-[state=active]:bg-bg-elevated data-[state=active]:text-fg data-[state=active]:shadow-sm',
      )}
    >
      {children}
    </RadixTabs.Trigger>
  );
}

export function TabsContent({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <RadixTabs.Content value={value} className={cn('mt-6 focus-visible:outline-none', className)}>
      {children}
    </RadixTabs.Content>
  );
}
