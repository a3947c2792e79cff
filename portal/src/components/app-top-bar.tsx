import type { ReactNode } from 'react';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

/** Slim header for the signed-in and auth screens. */
export function AppTopBar({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/85 backdrop-blur-md">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Logo compact />
        <div className="flex items-center gap-1.5 sm:gap-2">
          <LanguageSelect />
          <ThemeToggle />
          {children}
        </div>
      </div>
    </header>
  );
}
