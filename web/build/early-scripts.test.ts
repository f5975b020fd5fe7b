import { describe, expect, it } from 'vitest';
import { EARLY_SCRIPTS, earlyScript } from './early-scripts';

describe("the pages' early scripts, as the build writes them", () => {
  it.each(EARLY_SCRIPTS)(
    '$file is one self-contained classic script, what its module imports built in',
    async ({ module }) => {
      const code = await earlyScript(module);
      // A classic script: no module syntax, and it compiles as one.
      expect(code).not.toMatch(/\bimport\s*[{(*'"]|\bexport\s/);
      expect(() => new Function(code)).not.toThrow();
      expect(code.startsWith('(()=>{')).toBe(true);
    },
  );
});
