import { join } from 'node:path';
import { repoRoot } from '../system/repo-root';

/** The API document as committed: what the SPA's typed client is generated from and Redocly lints. */
export const committedDocumentPath = join(repoRoot(), 'web/src/api/generated/openapi.json');

/** The document as it is committed: the build's key order, two spaces, a final newline. */
export const serialisedDocument = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
