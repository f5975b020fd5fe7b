/**
 * The hash chain of the PostgreSQL event log, in one place: what an event's hash covers and how
 * it chains the one before it. Appends (schema.ts), the migration that chains an older log and
 * the verifier (verify-chain.ts) all build it from these fragments, so they cannot drift apart.
 *
 * For the event at position n:
 *
 *   content(n) = len(stream) ‖ stream ‖ len(type) ‖ type ‖ data ‖ "\n" ‖ metadata
 *   hash(n)    = sha256(hash(n-1) ‖ int8(stream revision) ‖ time(recorded_at) ‖ content(n))
 *   hash(0)    = 32 zero bytes
 *
 * Lengths are 4-byte big-endian octet counts, so no stream or type can pass for another; data and
 * metadata are PostgreSQL's jsonb text, which is canonical (one text per value, no raw newline);
 * the time is timestamptz's 8-byte binary form (microseconds since 2000-01-01 UTC), exact. The
 * position is not hashed: the chain itself orders the events, so a removed, inserted or swapped
 * event breaks every hash from its place on.
 *
 * content(n) needs nothing decided under the append lock, so appends build it before taking the
 * lock; under it come only the revision, the time and one sha256 per event.
 */

/** hash(0): the value the first event chains. */
export const GENESIS_HASH_SQL =
  "'\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea";
export const GENESIS_HASH = Buffer.alloc(32);

/** content(n) from SQL expressions for the stream name, type, data and metadata (jsonb). */
export function contentSql(stream: string, type: string, data: string, metadata: string): string {
  return `(int4send(octet_length(${stream})) || convert_to(${stream}, 'UTF8')
    || int4send(octet_length(${type})) || convert_to(${type}, 'UTF8')
    || convert_to((${data})::text || E'\\n' || (${metadata})::text, 'UTF8'))`;
}

/** What hash(n) hashes after hash(n-1): the revision, the time and content(n). */
export function linkSql(content: string, revision: string, recordedAt: string): string {
  return `(int8send(${revision}) || timestamptz_send(${recordedAt}) || ${content})`;
}

/** The bytes hash(n) hashes after hash(n-1), for a stored row of es_events under `alias`. */
export function storedLinkSql(alias: string): string {
  return linkSql(
    contentSql(`${alias}.stream_name`, `${alias}.type`, `${alias}.data`, `${alias}.metadata`),
    `${alias}.stream_revision`,
    `${alias}.recorded_at`,
  );
}
