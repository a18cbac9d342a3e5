// A module lends a few of its repository's methods to other modules through a file of its own
// (a service or read model), never by letting them import the repository
// (.dependency-cruiser.cjs, api-no-foreign-repository). lend() builds that narrow object.

/** The named methods of `source`, each bound to it; nothing else of `source` is reachable. */
export function lend<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    const value = source[key];
    if (typeof value !== 'function') throw new TypeError(`lend: ${String(key)} is not a method`);
    out[key] = (value as (...args: unknown[]) => unknown).bind(source) as T[K];
  }
  return out as Pick<T, K>;
}
