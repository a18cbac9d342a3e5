import type { FastifyReply } from 'fastify';

// Answers whose JSON was validated and serialised earlier and kept (the catalogue read caches,
// docs/decisions/018): Fastify sends a string with a JSON content type as is, skipping the
// route's response serializer; the route keeps its response schema for the OpenAPI document.
// (Typed replies accept only their schema's objects, hence the plain reply type here.)
export function sendSerialisedJson(reply: object, json: string): void {
  void (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
}
