import { useState } from 'react';

/** A filtered, paged list's state: a new filter or page size starts again at page 1. */
export function usePagedFilter<F>(initialFilter: F, initialPageSize: number) {
  const [filter, setFilterState] = useState<F>(initialFilter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  return {
    filter,
    page,
    pageSize,
    setPage,
    setFilter: (next: F) => {
      setFilterState(next);
      setPage(1);
    },
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
  };
}
