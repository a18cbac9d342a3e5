import type { Transport } from '@caterway/contracts/client';
import { wireTransport } from '../lib/api-client';
import { camelizeKeys } from '../lib/case';
import type { Camelize } from '../types/catalogue';

// The storefront's one adapter to the contract clients (decision 043). A client speaks the wire
// (snake_case bodies and answers); this app reads camelCase, so every method's answer is camelCased
// here, once, and typed as the contract's type camelCased. Bodies are built in wire shape by the
// feature's api/ files. A file (Blob) passes through as it is. Each feature connects the resource
// it calls, so a page's chunk carries only the clients that page uses.

/** A client's methods with their answers as the storefront reads them. */
export type Camelized<C> = {
  [K in keyof C]: C[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<R extends Blob ? R : Camelize<R>>
    : C[K];
};

/**
 * A contract client on this app's transport (its token, 401 handling, ApiError), answers
 * camelCased. Building one only makes closures: marked free of side effects so that a chunk which
 * imports a feature's api file but none of its calls leaves the client out.
 */
/* @__NO_SIDE_EFFECTS__ */
export function connect<C extends object>(client: (send: Transport) => C): Camelized<C> {
  const wire = client(wireTransport) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const camel: Record<string, unknown> = {};
  for (const name of Object.keys(wire)) camel[name] = (...args: unknown[]) => wire[name]!(...args).then(camelizeKeys);
  return camel as Camelized<C>;
}
