/** The processes of split mode, in start order (the gateway last, once its upstreams answer). */
export const serviceRoles = ['projector', 'command-api', 'query-api', 'gateway'] as const;
export type ServiceRole = (typeof serviceRoles)[number];
