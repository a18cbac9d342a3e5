import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, partnerRestaurantParamsSchema, type PartnerInboxEvent } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { appPgListener } from '../../lib/pg-listener.js';
import { restaurantOrdersFrom } from '../order-lifecycle/lifecycle.compose.js';
import { PARTNER_EVENTS_CHANNEL } from '../order-lifecycle/restaurant-orders.service.js';
import { partnerRestaurant, requireRestaurantRole } from './partner.guard.js';

// The portal's live inbox (issue 19 part 1, decision 048): server-sent events, one stream per
// open portal. Every change to a restaurant's requests runs NOTIFY partner_events '<chef id>' in
// its transaction; this process's one LISTEN connection (lib/pg-listener) hears it at commit,
// whichever API instance made it, and each stream of that restaurant sends its inbox in short.
// A stream that reconnects with Last-Event-ID learns what arrived meanwhile. Streams end when the
// server closes, so a deploy's drain does not wait for them.

/** changes within this window are sent as one event (a checkout opens several requests at once) */
const COALESCE_MS = 100;
/** a comment line keeps proxies from closing a quiet stream */
const KEEPALIVE_MS = 25_000;

export function partnerEventsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const orders = restaurantOrdersFrom(deps);
  // the app's one LISTEN connection (shared with the catalogue sync), closed after preClose
  const listener = appPgListener(app, deps.db);
  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });

  r.get(
    '/api/v2/partner/restaurants/:chefId/events',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: [{ bearerAuth: [] }],
        summary:
          "The restaurant's live inbox (text/event-stream): an `inbox` event at once and on every change, on any instance; Last-Event-ID after a reconnect lists what arrived meanwhile",
        params: partnerRestaurantParamsSchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const chefId = partnerRestaurant(request).id;
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header.trim() !== '' ? Number(header) : Number.NaN;
      const resumed = Number.isSafeInteger(lastEventId) && lastEventId >= 0;
      let since = resumed ? lastEventId : 0;
      // a first connection has nothing "new": what waits is already on its screen
      let fresh = !resumed;
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies pass the stream through instead of buffering it
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');

      let ended = false;
      let timer: NodeJS.Timeout | undefined;
      let sending = Promise.resolve();
      const send = () => {
        timer = undefined;
        sending = sending
          .then(async () => {
            if (ended) return;
            const state: PartnerInboxEvent = await orders.inboxState(chefId, since);
            if (fresh) state.new_request_ids = [];
            fresh = false;
            since = Math.max(since, state.latest_request_id);
            if (!ended) res.write(`id: ${state.latest_request_id}\nevent: inbox\ndata: ${JSON.stringify(state)}\n\n`);
          })
          .catch((err: Error) => request.log.error({ err: { message: err.message }, chefId }, 'inbox event failed'));
      };
      const schedule = () => {
        timer ??= setTimeout(send, COALESCE_MS);
      };
      const keepalive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
      const chef = String(chefId);
      let unsubscribe: (() => void) | undefined;
      const end = () => {
        if (ended) return;
        ended = true;
        open.delete(end);
        clearInterval(keepalive);
        clearTimeout(timer);
        unsubscribe?.();
        res.end();
      };
      open.add(end);
      res.once('close', end);
      try {
        unsubscribe = await listener.subscribe(PARTNER_EVENTS_CHANNEL, (payload) => {
          // null: the LISTEN connection was replaced; what changed meanwhile is read again
          if (payload === null || payload === chef) schedule();
        });
        if (ended) unsubscribe();
        else send();
      } catch (err) {
        request.log.error({ err: { message: (err as Error).message }, chefId }, 'could not listen for inbox events');
        end();
      }
    },
  );
}
