import * as RadixToast from '@radix-ui/react-toast';
import { activeToast, dismissToast, type ToastVariant } from '../../state/toasts';
import { useSignalValue } from '../../state/use-signal-value';
import { cn } from './cn';
import { CloseIcon } from './icons';

const variants: Record<ToastVariant, string> = {
  default: 'border-border bg-bg-elevated text-fg',
  success: 'border-primary/40 bg-bg-elevated text-fg',
  info: 'border-info/40 bg-bg-elevated text-fg',
  destructive: 'border-danger bg-danger text-white',
};

/** Renders the single active toast (SPEC §9: one at a time, 5 s by default, swipe 50 px). */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const toast = useSignalValue(activeToast);
  return (
    <RadixToast.Provider swipeDirection="right" swipeThreshold={50}>
      {toast && (
        <RadixToast.Root
          key={toast.id}
          duration={toast.duration}
          onOpenChange={(open) => !open && dismissToast()}
          data-variant={toast.variant}
          className={cn('flex items-start gap-3 rounded-2xl border p-4 shadow-pop animate-rise-in', variants[toast.variant])}
        >
          <div className="flex flex-1 flex-col gap-0.5">
            <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
            {toast.description && (
              <RadixToast.Description className="text-sm opacity-90">{toast.description}</RadixToast.Description>
            )}
          </div>
          <RadixToast.Close aria-label={closeLabel} className="rounded-full p-1 opacity-70 hover:opacity-100">
            <CloseIcon className="h-4 w-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="fixed bottom-4 right-4 z-[100] flex w-[calc(100vw-2rem)] max-w-sm flex-col gap-2 outline-none" />
    </RadixToast.Provider>
  );
}
