/**
 * A stand-in for an object a `beforeAll` makes: a describe can name it (and hand it to helpers) when it is
 * declared, and every use after the hook forwards to the real one (its prototype too, for `instanceof`). Used
 * for the run's browser (chromium-suite.ts) and a describe's page (suite-page.ts).
 */
export function standIn<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    // `instanceof` too: Playwright checks it where a page is an argument (`context.newCDPSession(page)`).
    getPrototypeOf() {
      const real = current();
      return real ? Object.getPrototypeOf(real) : Object.prototype;
    },
    get(_, key) {
      const real = current();
      if (!real) throw new Error(`the ${what} is used before it was opened (${String(key)})`);
      const value = Reflect.get(real, key, real) as unknown;
      return typeof value === "function" ? value.bind(real) : value;
    },
  });
}
