import type { Answer } from '../api/answer';
import type { paths } from '../api/generated/schema';
import { answerOf, asAdmin, publicClient } from '../api/typed-client';

export type AccountTimeline = Answer<'/api/admin/audit/timeline'>;
export type TimelineRow = AccountTimeline['rows'][number];
export type EventPage = Answer<'/api/admin/audit/events'>;
export type ShownEvent = EventPage['events'][number];
export type StreamPage = Answer<'/api/admin/audit/streams'>;

/** The account found by address, or by account id (an erased account has no address any more). */
export type AccountQuery = { email: string } | { account: string };

export const fetchTimeline = (token: string, who: AccountQuery, asOf: string | null) =>
  answerOf(
    publicClient.GET('/api/admin/audit/timeline', {
      headers: asAdmin(token),
      params: { query: { ...who, ...(asOf ? { as_of: asOf } : {}) } },
    }),
  );

type Category = NonNullable<
  NonNullable<paths['/api/admin/audit/streams']['get']['parameters']['query']>['category']
>;

export const fetchStreams = (token: string, category: string, after: string | null) =>
  answerOf(
    publicClient.GET('/api/admin/audit/streams', {
      headers: asAdmin(token),
      // The categories come from the server's own answer.
      params: { query: { category: category as Category, limit: 50, ...(after ? { after } : {}) } },
    }),
  );

export const fetchStreamEvents = (token: string, stream: string, before: number | null) =>
  answerOf(
    publicClient.GET('/api/admin/audit/streams/{stream}/events', {
      headers: asAdmin(token),
      params: { path: { stream }, query: { limit: 50, ...(before !== null ? { before } : {}) } },
    }),
  );

export interface LogQuery {
  types: string[];
  from: string | null;
  to: string | null;
}

export const fetchLog = (token: string, query: LogQuery, before: number | null) =>
  answerOf(
    publicClient.GET('/api/admin/audit/events', {
      headers: asAdmin(token),
      params: {
        query: {
          limit: 50,
          ...(query.types.length > 0 ? { type: query.types.join(',') } : {}),
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
          ...(before !== null ? { before } : {}),
        },
      },
    }),
  );

export const fetchCorrelated = (token: string, correlationId: string) =>
  answerOf(
    publicClient.GET('/api/admin/audit/correlations/{correlationId}', {
      headers: asAdmin(token),
      params: { path: { correlationId } },
    }),
  );
