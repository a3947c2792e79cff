import { useEffect, useSyncExternalStore, type AnchorHTMLAttributes, type ReactNode } from 'react';

/**
 * wouter ships as ES modules only, which Jest's CommonJS run does not load; component tests
 * swap it for this in-memory location with the same hooks the app uses.
 */
let current = '/';
const listeners = new Set<() => void>();

export function setTestLocation(url: string): void {
  current = url;
  listeners.forEach((l) => l());
}

export function testLocation(): string {
  return current;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

function navigate(to: string, _opts?: { replace?: boolean }) {
  setTestLocation(to);
}

export function useLocation(): [string, typeof navigate] {
  const url = useSyncExternalStore(subscribe, () => current);
  return [url.split('?')[0], navigate];
}

export function useSearch(): string {
  const url = useSyncExternalStore(subscribe, () => current);
  return url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
}

export function Link({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children?: ReactNode }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

export function Redirect({ to }: { to: string; replace?: boolean }) {
  useEffect(() => navigate(to), [to]);
  return null;
}
