import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

export const fieldControlClasses =
  'w-full rounded-xl border border-border bg-bg-elevated px-3.5 text-base text-fg placeholder:text-fg-muted/70 ' +
  'transition-colors focus:border-primary focus:outline-none focus:ring-2 focus:ring-ring/30 ' +
  'disabled:opacity-60 aria-[invalid=true]:border-danger aria-[invalid=true]:ring-danger/20';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...rest },
  ref,
) {
  return <input ref={ref} className={cn(fieldControlClasses, 'h-11', className)} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...rest }, ref) {
    return <textarea ref={ref} className={cn(fieldControlClasses, 'min-h-28 py-2.5', className)} {...rest} />;
  },
);
