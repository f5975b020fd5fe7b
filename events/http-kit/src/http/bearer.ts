/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerTokenOf(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  return /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? null;
}
