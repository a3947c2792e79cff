import type { ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';

/**
 * Reads a signal and subscribes the calling component to it. The Babel transform is not used
 * (Vite's React plugin and ts-jest both skip it), so components opt in through this hook.
 */
export function useSignalValue<T>(s: ReadonlySignal<T>): T {
  useSignals();
  return s.value;
}
