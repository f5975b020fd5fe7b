import { openPersonalFields, type PiiVault } from '@nocturne/vault';

/**
 * What reporters and appealing creators wrote, as the moderation rows keep it, opened for staff:
 * a sealed text is opened (null once its writer's account is erased, its key destroyed), a plain
 * one (recorded before texts were sealed) or '' is read as it is, and null (removed with the
 * writer's account) stays null. One vault round trip for all of them.
 */
export async function openWrittenTexts(
  vault: PiiVault,
  texts: readonly (string | null)[],
): Promise<(string | null)[]> {
  const opened = await openPersonalFields(
    vault,
    texts.flatMap((text) => (text === null ? [] : [text])),
  );
  let next = 0;
  return texts.map((text) => (text === null ? null : (opened[next++] ?? null)));
}
