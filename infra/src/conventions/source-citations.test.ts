import { describe, expect, it } from 'vitest';
import { repoRoot } from '../system/repo-root';
import { citationsIn, citationsUnder } from './source-citations';

describe('citations in source comments', () => {
  it('finds an issue number, a #number and the documents outside the repository', () => {
    // Put together here, so that this file does not cite anything itself.
    const [issue, spec, design] = ['issue', ['spec', 'md'].join('.'), ['design', 'md'].join('.')];
    const text = [
      `/** Labels (${issue} 14): tags and warnings. */`,
      `// ${issue.replace('i', 'I')}s 6 and 16 set the budget.`,
      `// see (#${42})`,
      ` * as ${spec} section 2 shows, and ${design} section 7`,
      `// asked in the ${spec.slice(0, 4)}'s words (section ${8})`,
    ].join('\n');
    expect(citationsIn('a.ts', text).map(({ line, what }) => [line, what])).toEqual([
      [1, 'an issue number'],
      [2, 'an issue number'],
      [3, 'an issue by #'],
      [4, 'a document outside the repository'],
      [5, 'the specification in other words'],
    ]);
  });

  it('leaves alone words that only look alike', () => {
    const text = [
      '// the issuer signs 3 tokens',
      "const issued = 'specimen.md';",
      '// a tissue of 2 layers',
      '// the e2e spec configured it; see the next section',
    ].join('\n');
    expect(citationsIn('a.ts', text)).toEqual([]);
  });

  it('no source file of the repository cites an issue number or a document outside it', () => {
    const found = citationsUnder(repoRoot()).map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(found).toEqual([]);
  });
});
