// The one part of jsdom (installed for the unit tests' environment, without its types) that the
// raw-HTML tests use: parsing a page without running its scripts.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
