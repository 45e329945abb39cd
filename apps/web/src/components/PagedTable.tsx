import { loadedItems, type Page } from '../lib/api';
import { DataTable, type DataTableProps } from './DataTable';
import { QueryErrorAlert } from './QueryErrorAlert';

/** What PagedTable reads of a keyset-paginated infinite query (TanStack Query's result has it). */
export interface PagedQuery<Row> {
  data: { pages: Page<Row>[] } | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

export type PagedTableProps<Row> = Omit<
  DataTableProps<Row>,
  'rows' | 'loading' | 'hasMore' | 'loadingMore' | 'onLoadMore'
> & {
  query: PagedQuery<Row>;
};

/**
 * A paginated list query as a table: its error with Try again (rows already loaded stay
 * visible), the skeleton while the first page loads, the rows, and Load more.
 */
export function PagedTable<Row>({ query, ...table }: PagedTableProps<Row>) {
  const rows = loadedItems(query.data);
  return (
    <>
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} sx={{ mb: 2 }} />}
      {!(query.isError && !rows) && (
        <DataTable
          {...table}
          rows={rows}
          loading={query.isPending}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
    </>
  );
}
