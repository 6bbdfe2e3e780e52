// jsdom ships no types (and @types/jsdom is not installed); this is the little the upload pact uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
