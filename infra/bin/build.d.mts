export const serverDist: string;
export const serverEntries: Record<string, string>;
export function serverBuildReason(root?: string): string | null;
export function buildServer(options?: { root?: string }): Promise<void>;
export function ensureServerBuilt(options?: {
  root?: string;
  log?: (line: string) => void;
}): Promise<boolean>;
export function buildAll(options?: { log?: (line: string) => void }): Promise<void>;
export function watch(args: string[], options?: { log?: (line: string) => void }): Promise<number>;
