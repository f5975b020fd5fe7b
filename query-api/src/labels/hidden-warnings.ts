import type { ContentWarningId } from '@nocturne/domain';
import type { QueryApiDeps } from '../deps';

/** The content warnings whose stories this reader's lists leave out (none for nobody). */
export async function hiddenWarningsOf(
  deps: Pick<QueryApiDeps, 'db'>,
  userKey: string | undefined,
): Promise<ContentWarningId[]> {
  if (userKey === undefined) return [];
  const row = await deps.db
    .selectFrom('hidden_warnings')
    .select('warnings')
    .where('user_key', '=', userKey)
    .executeTakeFirst();
  return row?.warnings ?? [];
}
