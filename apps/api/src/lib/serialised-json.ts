import type { FastifyReply } from 'fastify';

// Answers whose JSON was validated and serialised earlier and kept (the catalogue read caches,
// docs/decisions/018): Fastify sends a string with a JSON content type as is, skipping the
// route's response serializer; the route keeps its response schema for the OpenAPI document.
// (Typed replies accept only their schema's objects, hence the plain reply type here.)
// The handler must return the reply it gets back: an async handler that resolves with nothing
// while the onSend hooks still run would have Fastify send an empty answer in its place.
export function sendSerialisedJson<R extends object>(reply: R, json: string): R {
  void (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(json);
  return reply;
}
