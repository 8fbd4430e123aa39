import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state.js';

interface PageQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A page that shows one query: its header always, then a loader while the query is pending, the
 * error with a retry when it failed, and `children` with the data once it is there.
 */
export function QueryPage<T>({ header, query, children }: { header: ReactNode; query: PageQuery<T>; children: (data: T) => ReactNode }) {
  const { t } = useLingui();
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t`Loading`} />
      </Center>
    );
  } else if (query.isError || query.data === undefined) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = children(query.data);
  }
  return (
    <>
      {header}
      {body}
    </>
  );
}
