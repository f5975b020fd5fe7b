export const repoRoot: string;
export function webBuildReason(root?: string): string | null;
export function ensureWebBuilt(options?: { root?: string; log?: (line: string) => void }): boolean;
export function newestMtime(path: string): number;
