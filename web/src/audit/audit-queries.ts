import type { IntegrityCheckKind } from '@nocturne/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { adminKeys } from '../admin/admin-queries';
import {
  type AccountQuery,
  fetchCorrelated,
  fetchLog,
  fetchStreamEvents,
  fetchStreams,
  fetchTimeline,
  type LogQuery,
} from './audit-api';
import { fetchIntegrityCheck } from './integrity/integrity-api';

/** The events the browser lists: the filtered log, or one stream. */
export type EventsView = { kind: 'log'; query: LogQuery } | { kind: 'stream'; stream: string };

/** The auditor's console, under the admin panel's keys (dropped on logout); read-only, no write refreshes it. */
export const auditKeys = {
  all: () => [...adminKeys.all(), 'audit'] as const,
  /** An account's timeline as of an instant. */
  timeline: (token: string, asked: { who: AccountQuery; asOf: string | null } | null) =>
    [...auditKeys.all(), 'timeline', { token, asked }] as const,
  /** The event browser: a stream category's list, a stream, the filtered log, a correlation. */
  browse: (token: string, what: object) => [...auditKeys.all(), 'browse', { token, what }] as const,
  /** The last integrity check of a kind (the log's chain, the read models). */
  integrity: (token: string, kind: IntegrityCheckKind) =>
    [...auditKeys.all(), 'integrity', { token, kind }] as const,
};

export const timelineQuery = (token: string, asked: { who: AccountQuery; asOf: string | null } | null) =>
  queryOptions({
    queryKey: auditKeys.timeline(token, asked),
    queryFn: () => fetchTimeline(token, asked!.who, asked!.asOf),
    enabled: asked !== null,
    retry: false,
  });

/** A stream category's streams, a page at a time. */
export const streamsQuery = (token: string, category: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.browse(token, { streams: category }),
    queryFn: ({ pageParam }) => fetchStreams(token, category, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

/** A stream's events or the filtered log, newest first, a page at a time. */
export const eventsQuery = (token: string, view: EventsView) =>
  infiniteQueryOptions({
    queryKey: auditKeys.browse(token, view),
    queryFn: ({ pageParam }) =>
      view.kind === 'stream'
        ? fetchStreamEvents(token, view.stream, pageParam)
        : fetchLog(token, view.query, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });

/** Every event of one correlation. */
export const correlationQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: auditKeys.browse(token, { correlation: id }),
    queryFn: () => fetchCorrelated(token, id),
  });

/** The last check of a kind, polled while it runs, then left alone. */
export const integrityQuery = (token: string, kind: IntegrityCheckKind) =>
  queryOptions({
    queryKey: auditKeys.integrity(token, kind),
    queryFn: () => fetchIntegrityCheck(token, kind),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 500 : false),
  });
