import { Center, type MantineSize, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state.js';
import { LoadingIndicator } from './loading-indicator.js';

export interface PageQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** Every query has its data, and none failed (a refetch's failure counts): else show <QueriesState>. */
export const queriesSettled = (queries: PageQuery<unknown>[]) => queries.every((query) => !query.isPending && !query.isError);

/** The one query has its data and its last fetch did not fail: else show <QueriesState queries={[query]}>. */
export const querySettled = <Q extends PageQuery<unknown>>(query: Q): query is Q & { data: Exclude<Q['data'], undefined> } =>
  queriesSettled([query]) && query.data !== undefined;

/** How a loader stands: its room above and below, its size, and what it names as loading ("Loading" unless told). */
interface LoaderLook {
  py?: MantineSpacing;
  size?: MantineSize;
  label?: string;
}

/** What a page or a panel shows while its data is on the way. */
export function LoadingState({ py = 'xl', size, label }: LoaderLook) {
  return (
    <Center py={py}>
      <LoadingIndicator size={size} label={label} />
    </Center>
  );
}

/** A loader while any query is pending; else the first failure (if any) with a retry of them all. */
export function QueriesState({ queries, ...look }: { queries: PageQuery<unknown>[] } & LoaderLook) {
  if (queries.some((query) => query.isPending)) return <LoadingState {...look} />;
  const failed = queries.find((query) => query.isError);
  return <ErrorState error={failed?.error ?? null} onRetry={() => void Promise.all(queries.map((query) => query.refetch()))} />;
}

/**
 * A page that shows one query: its header always, then a loader while the query is pending, the
 * error with a retry when it failed, and `children` with the data once it is there.
 */
export function QueryPage<T>({ header, query, children }: { header: ReactNode; query: PageQuery<T>; children: (data: T) => ReactNode }) {
  const body = query.isPending || query.isError || query.data === undefined ? <QueriesState queries={[query]} /> : children(query.data);
  return (
    <>
      {header}
      {body}
    </>
  );
}
