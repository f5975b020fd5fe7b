import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';

/**
 * What a query shows until its data is there: a spinner that says what loads, or the failure (a
 * title, then what to do, and "Try again" where `retry`); then `children` with the data.
 */
export function QueryState<T>({
  query,
  loading,
  failure,
  failureText = 'Please try again.',
  retry,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  failure: string;
  failureText?: ReactNode;
  retry?: boolean;
  children(data: T): ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} block />;
  if (query.isError) {
    const action = retry ? (
      <Button size="sm" onClick={() => void query.refetch()}>
        Try again
      </Button>
    ) : undefined;
    return (
      <Alert tone="error" title={failure} action={action}>
        {failureText}
      </Alert>
    );
  }
  return children(query.data);
}
