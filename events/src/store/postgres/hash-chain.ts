/**
 * The hash chain of the PostgreSQL event log, in one place: what an event's hash covers and how
 * it chains the one before it. Appends (schema.ts), the migration that chains an older log and
 * the verifier (verify-chain.ts) all build it from these fragments, so they cannot drift apart.
 *
 * For the event at position n:
 *
 *   content(n) = sha256(len(stream) ‖ stream ‖ len(type) ‖ type ‖ data ‖ "\n" ‖ metadata)
 *   link(n)    = content(n) ‖ int8(stream revision) ‖ int8(recorded_at, µs since the epoch)
 *   hash(n)    = sha256(hash(n-1) ‖ link(n)),   hash(0) = 32 zero bytes
 *
 * Lengths are 4-byte big-endian octet counts, so no stream or type can pass for another; data and
 * metadata are PostgreSQL's jsonb text, which is canonical (one text per value, no raw newline).
 * The position is not hashed: the chain itself orders the events, so a removed, inserted or
 * swapped event breaks every hash from its place on.
 *
 * The content digest needs nothing that is decided under the append lock, so appends compute it
 * before taking it; only the link (revision and time are decided under the lock) and one sha256
 * of 80 bytes per event are done under it.
 */

/** hash(0): the value the first event chains. */
export const GENESIS_HASH_SQL =
  "'\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea";
export const GENESIS_HASH = Buffer.alloc(32);

/** content(n) from SQL expressions for the stream name, type, data and metadata (jsonb). */
export function contentDigestSql(stream: string, type: string, data: string, metadata: string): string {
  return `sha256(int4send(octet_length(${stream})) || convert_to(${stream}, 'UTF8')
    || int4send(octet_length(${type})) || convert_to(${type}, 'UTF8')
    || convert_to((${data})::text || E'\\n' || (${metadata})::text, 'UTF8'))`;
}

/** The recorded time as whole microseconds since the epoch (exact: extract gives a numeric). */
export function microsSql(recordedAt: string): string {
  return `(extract(epoch from ${recordedAt}) * 1000000)::bigint`;
}

/** link(n) from a content digest, a stream revision and a recorded time. */
export function linkSql(digest: string, revision: string, recordedAt: string): string {
  return `(${digest} || int8send(${revision}) || int8send(${microsSql(recordedAt)}))`;
}

/** link(n) of a stored row of es_events under `alias`. */
export function storedLinkSql(alias: string): string {
  return linkSql(
    contentDigestSql(`${alias}.stream_name`, `${alias}.type`, `${alias}.data`, `${alias}.metadata`),
    `${alias}.stream_revision`,
    `${alias}.recorded_at`,
  );
}
