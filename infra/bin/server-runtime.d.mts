export const serverNodeOptions: string[];
export const serverNodeArguments: string[];
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
