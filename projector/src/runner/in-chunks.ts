/**
 * Runs `write` over `rows` in slices of at most `size`: a multi-row statement binds one
 * parameter per column per row, and PostgreSQL takes at most 65,535 parameters a statement.
 */
export async function inChunks<T>(
  rows: readonly T[],
  write: (slice: T[]) => Promise<unknown>,
  size = 2000,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await write(rows.slice(start, start + size));
  }
}
