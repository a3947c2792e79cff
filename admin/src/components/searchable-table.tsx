import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../api/client';
import { Spinner } from '../ui';
import { LoadMore, SearchBox } from './search-box';
import { DataTable, LoadError } from './table';

/**
 * A server-searched, paged list: the search box, the load error, the spinner, the table and the
 * "N sur M · Afficher plus" footer. The page owns the search text and the query
 * (`const [q, setQ] = useState(''); const users = useUsers(q);`) and renders the rows.
 */
export function SearchableTable<T>({
  query,
  onSearch,
  searchPlaceholder,
  searchLabel,
  loadingLabel,
  errorText,
  label,
  head,
  empty,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  onSearch: (q: string) => void;
  searchPlaceholder: string;
  searchLabel: string;
  loadingLabel: string;
  /** Shown when the list cannot be loaded. */
  errorText: string;
  label: string;
  head: string[];
  /** Shown under the table when nothing matches. */
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const first = query.data?.pages[0];
  return (
    <div className="flex flex-col gap-4">
      <SearchBox placeholder={searchPlaceholder} label={searchLabel} onSearch={onSearch} />
      {query.isError && <LoadError>{errorText}</LoadError>}
      {query.isPending ? (
        <Spinner label={loadingLabel} />
      ) : (
        <DataTable label={label} head={head} empty={rows.length ? null : empty}>
          {children(rows)}
        </DataTable>
      )}
      <LoadMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onMore={() => query.fetchNextPage()} shown={rows.length} total={first?.total ?? 0} capped={first?.capped} />
    </div>
  );
}
