import type { Rolldown } from 'vite';

type ModuleInfo = NonNullable<ReturnType<Rolldown.PluginContext['getModuleInfo']>>;
type GetModuleInfo = (id: string) => ModuleInfo | null;

/** Imports, re-exports, comments and directives: what a barrel (an `index` of re-exports) holds. */
const BARREL_STATEMENT =
  /\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?:import|export)\s*(?:[\w$*\s,]*|\{[^}]*\})\s*(?:from\s*)?(['"])[^'"]*\1\s*;?|export\s*\{[^}]*\}\s*;?|(['"])use (?:client|strict)\2\s*;?/g;

const isBarrel = (info: ModuleInfo): boolean =>
  info.code !== null && info.code.replace(BARREL_STATEMENT, '').trim() === '';

/**
 * Names `first-load` every module that the entry imports statically, directly or not: the code
 * every page needs before it can paint (React, React DOM, React Router, TanStack Query, the app
 * shell and the landing page). One chunk rather than five: Brotli compresses one file better than
 * the same code in several (the landing's first load must fit 80 KB), and the first load
 * is one request. A module reached only through a barrel (`@tanstack/react-query`'s index,
 * `@nocturne/domain`) is not counted as reached: the barrel imports everything it
 * re-exports, whether the landing uses it or not (`useMutation`, the account rules...). Those
 * stay in the chunks of the lazy routes that use them, so the landing never loads them.
 */
export function firstLoadChunk(): (id: string, ctx: { getModuleInfo: GetModuleInfo }) => string | null {
  const known = new Map<string, boolean>();
  const reached = (id: string, getModuleInfo: GetModuleInfo, visiting: Set<string>): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const info = getModuleInfo(id);
    if (!info) return false;
    if (info.isEntry) return true;
    visiting.add(id);
    const result = info.importers.some((importerId) => {
      if (visiting.has(importerId)) return false;
      const importer = getModuleInfo(importerId);
      return importer !== null && !isBarrel(importer) && reached(importerId, getModuleInfo, visiting);
    });
    visiting.delete(id);
    // A "no" found while an importer was being visited may be a cycle's artefact: keep only yeses.
    if (result || visiting.size === 0) known.set(id, result);
    return result;
  };
  // `getModuleInfo` is a method of the context (it uses `this`): bind it, never destructure it.
  return (id, ctx) =>
    reached(id, (moduleId) => ctx.getModuleInfo(moduleId), new Set()) ? 'first-load' : null;
}
