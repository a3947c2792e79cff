import * as RadixSelect from '@radix-ui/react-select';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { CheckIcon, ChevronDownIcon } from './icons';

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** Plain text shown in the closed trigger, when label is richer. */
  text?: string;
  disabled?: boolean;
}

interface SelectProps {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Accessible name when no visible <label> points at the trigger. */
  ariaLabel?: string;
  id?: string;
  className?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Styled, keyboard-accessible select on Radix Select. */
export function Select({ value, onValueChange, options, ariaLabel, id, className, disabled, ...aria }: SelectProps) {
  const current = options.find((o) => o.value === value);
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        className={cn(
          'inline-flex h-11 cursor-pointer items-center justify-between gap-2 rounded-xl border border-border bg-bg-elevated px-3.5 text-left text-sm text-fg',
          'focus:border-primary focus:outline-none focus:ring-2 focus:ring-ring/30 disabled:opacity-60',
          className ?? 'w-full',
        )}
      >
        <RadixSelect.Value>{current?.text ?? current?.label}</RadixSelect.Value>
        <RadixSelect.Icon>
          <ChevronDownIcon className="h-4 w-4 text-fg-muted" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={6}
          className="z-[60] max-h-[min(22rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-border bg-bg-elevated shadow-pop"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((o) => (
              <RadixSelect.Item
                key={o.value}
                value={o.value}
                disabled={o.disabled}
                className="relative flex cursor-pointer select-none items-center rounded-lg py-2 pl-8 pr-3 text-sm text-fg outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-surface-muted"
              >
                <RadixSelect.ItemIndicator className="absolute left-2 inline-flex">
                  <CheckIcon className="h-4 w-4 text-primary" />
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
