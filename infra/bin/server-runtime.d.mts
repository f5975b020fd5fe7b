export const serverNodeOptions: string[];
export const serverNodeArguments: string[];
export const serverMallocSettings: Record<string, string>;
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
