import type { HTMLAttributes } from 'react';
import type { BadgeTone } from '../../lib/subscription-display';
import { cn } from './cn';

const tones: Record<BadgeTone | 'outline', string> = {
  success: 'bg-primary-soft text-primary-soft-fg',
  warning: 'bg-accent-soft text-accent-soft-fg',
  danger: 'bg-danger-soft text-danger-soft-fg',
  info: 'bg-info-soft text-info-soft-fg',
  neutral: 'bg-surface-muted text-fg-muted',
  outline: 'border border-border text-fg',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone | 'outline';
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span
      data-tone={tone}
      className={cn('inline-flex flex-none items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)}
      {...rest}
    />
  );
}
