import { Link } from 'wouter';

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="9" fill="var(--primary)" />
      <path d="M16 7.5a5.5 5.5 0 0 0-5.5 5.5v4.2l-2 3v1.3h15v-1.3l-2-3V13A5.5 5.5 0 0 0 16 7.5Z" fill="var(--primary-fg)" />
      <path d="M13.6 23.5a2.5 2.5 0 0 0 4.8 0" stroke="var(--primary-fg)" strokeWidth="1.8" strokeLinecap="round" fill="none" />
      <circle cx="23.5" cy="8.5" r="3" fill="var(--accent)" />
    </svg>
  );
}

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link href="/" className="flex items-center gap-2.5 rounded-lg font-bold tracking-tight text-fg" aria-label="Rappel">
      <LogoMark className={compact ? 'h-7 w-7' : 'h-8 w-8'} />
      <span className={compact ? 'text-lg' : 'text-xl'}>Rappel</span>
    </Link>
  );
}
