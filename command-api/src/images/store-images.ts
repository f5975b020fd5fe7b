import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imagesDir } from '@nocturne/domain';
import type { ImageFile } from './process-image';

/**
 * Writes image files under DATA_DIR/images. Names are content hashes, so a file that exists
 * already has the same bytes and is left alone. Each file is written to a temporary name and
 * renamed, so a reader never sees half a file.
 */
export async function storeImages(dataDir: string, files: readonly ImageFile[]): Promise<void> {
  const dir = imagesDir(dataDir);
  await mkdir(dir, { recursive: true });
  for (const file of files) {
    const target = join(dir, file.name);
    const exists = await access(target).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    const temporary = join(dir, `.${file.name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, file.bytes);
    await rename(temporary, target);
  }
}
