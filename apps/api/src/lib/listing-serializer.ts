import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * The response serializer of the search and home-list routes (docs/decisions/022): their 200
 * answers are built field by field in the contract's order by the card mappers (whitelists), so
 * zod's encode of the whole answer before `JSON.stringify` (the app's serializer) only re-checks
 * what the code already guarantees, at 0.1-0.4 ms a request (3-4 times the cost of the
 * stringify itself, for 10-50 KB of cards).
 *
 * In production a 200 answer is `JSON.stringify`d as is. Elsewhere (development, tests, the
 * fuzzer) every answer is also encoded by the schema as before and the two texts must be the
 * same byte for byte, or the request fails like an invalid answer: a field the mappers add,
 * drop, rename or reorder against the contract shows in any test that reaches the route.
 * Other statuses (errors) keep the app's serializer.
 */
export function listingSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    if (route.httpStatus !== '200') return checked;
    if (!options.verify) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const plain = JSON.stringify(data);
      const encoded = checked(data);
      if (plain !== encoded) {
        let at = 0;
        while (plain[at] === encoded[at]) at++;
        throw new Error(
          `${route.method} ${route.url}: the answer is not the contract's exact shape (fields added, missing or out of order) at ${JSON.stringify(plain.slice(Math.max(0, at - 80), at + 40))}, the schema's: ${JSON.stringify(encoded.slice(Math.max(0, at - 80), at + 40))}`,
        );
      }
      return plain;
    };
  };
}
