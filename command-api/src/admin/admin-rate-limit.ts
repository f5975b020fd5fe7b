/**
 * Per-IP limit of the admin's commands (design.md section 7: the admin endpoints are rate
 * limited), generous for a person clicking through the panel, tight for a script.
 */
export const adminRateLimit = { max: 120, timeWindow: '1 minute' } as const;
