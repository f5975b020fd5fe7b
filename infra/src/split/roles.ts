/** The processes of split mode, in start order (the gateway last, once its upstreams answer). */
export const serviceRoles = ['projector', 'command-api', 'query-api', 'gateway'] as const;
export type ServiceRole = (typeof serviceRoles)[number];

/**
 * The name of one process of a role that may run several (query-api, SPLIT_QUERY_PROCESSES):
 * the first is the role's name, the others numbered from 2 (`query-api-2`), in the banner and
 * in the gateway's /readyz.
 */
export const instanceName = (role: ServiceRole, index: number): string =>
  index === 0 ? role : `${role}-${index + 1}`;
