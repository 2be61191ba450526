// oidc-provider ships no type declarations; the test OpenID provider uses this much of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    listen(port: number, host: string, callback?: () => void): Server;
  }
}
