import { useEffect, useState } from 'react';
import { Input } from '../ui';

/** A search input that reports its text after the user pauses typing (server-side search). */
export function SearchBox({ placeholder, onSearch, label }: { placeholder: string; label: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    const t = setTimeout(() => onSearch(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text, onSearch]);
  return <Input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} aria-label={label} className="max-w-md" />;
}

export function LoadMore({ hasMore, loading, onMore, shown, total, capped }: { hasMore: boolean; loading: boolean; onMore: () => void; shown: number; total: number; capped?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3 text-sm text-fg-muted">
      <span>
        {shown.toLocaleString('fr-FR')} sur {capped ? `plus de ${total.toLocaleString('fr-FR')}` : total.toLocaleString('fr-FR')}
      </span>
      {hasMore && (
        <button type="button" onClick={onMore} disabled={loading} className="font-semibold text-primary hover:underline disabled:opacity-50">
          {loading ? 'Chargement…' : 'Afficher plus'}
        </button>
      )}
    </div>
  );
}
