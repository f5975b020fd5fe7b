export const serverNodeOptions: string[];
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
