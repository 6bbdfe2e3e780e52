// The federation plugin's runtime (see vite.config.ts): the shell registers each remote's entry
// URL from /remotes.json, then loads the route module its published manifest names (its './routes').
declare module 'virtual:__federation__' {
  type RemoteConfig = { url: string | (() => Promise<string>); format: 'esm' | 'systemjs' | 'var'; from: 'vite' | 'webpack' };
  export function __federation_method_setRemote(name: string, config: RemoteConfig): void;
  export function __federation_method_getRemote(name: string, exposed: string): Promise<unknown>;
}
