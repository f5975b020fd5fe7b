import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A comment says why the code is as it is, in words a reader of this repository can check.
 * An issue number or a document kept outside the repository sends the
 * reader somewhere they cannot follow, and goes stale when the issue closes; the repository's
 * own documents live in `docs/`. The product and design notes the team once worked from
 * (`spec` and `design`, as Markdown files) are not part of the repository either.
 */
const citations: readonly { what: string; pattern: RegExp }[] = [
  { what: 'an issue number', pattern: /\bissues?\s+#?\d+/i },
  { what: 'an issue by #', pattern: /\(#\d+\)/ },
  { what: 'a document outside the repository', pattern: /\b(?:spec|design)\.md\b/i },
  {
    what: 'the specification in other words',
    pattern: /\bspec(?:ification)?(?:['’]s| words)\b|\(section \d+\)/i,
  },
];

export interface Citation {
  file: string;
  line: number;
  what: string;
  text: string;
}

/** The citations in one file's text (every line: a string that cites is no better than a comment). */
export const citationsIn = (file: string, text: string): Citation[] =>
  text
    .split('\n')
    .flatMap((lineText, index) =>
      citations
        .filter(({ pattern }) => pattern.test(lineText))
        .map(({ what }) => ({ file, line: index + 1, what, text: lineText.trim() })),
    );

const sourceFile = /\.(?:[cm]?[jt]sx?|css|html|ya?ml)$|^Dockerfile$/;
const notSource = new Set([
  'node_modules',
  'dist',
  '.data',
  'artifacts',
  'test-results',
  'playwright-report',
  '.git',
]);

/** The source files under `root` (the repository's code, styles and deployment files). */
export const sourceFiles = (root: string): string[] => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (notSource.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (sourceFile.test(entry.name)) found.push(path);
    }
  };
  walk(root);
  return found;
};

/** Every citation in the repository's source files, by path relative to `root`. */
export const citationsUnder = (root: string): Citation[] =>
  sourceFiles(root).flatMap((path) => citationsIn(relative(root, path), readFileSync(path, 'utf8')));
