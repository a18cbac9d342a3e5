import type { FastifyBaseLogger } from 'fastify';
import { withTransaction, type Db } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../ports/email.js';
import type { Geocoder } from '../../ports/geocoder.js';
import type { PaymentProvider } from '../../ports/payments.js';
import { createCapacityService, NO_CAPACITY_LIMIT } from '../capacity/capacity.service.js';
import type { Invoicing } from '../invoices/invoices.service.js';
import { processingJob, reachRestaurantsParts } from '../order-lifecycle/lifecycle.service.js';
import { paymentMethodsServiceFrom } from '../payment-methods/payment-methods.service.js';
import { orderMessagesReads } from '../sold-out/order-messages.service.js';
import { createIdempotencyRepository } from './idempotency.repository.js';
import { createOrderCatalogueRepository } from './order-catalogue.repository.js';
import { createOrderEditsService, editRuleOf } from './order-edits.service.js';
import { createOrdersRepository } from './orders.repository.js';
import { createOrdersService } from './orders.service.js';
import { STALE_PAYMENT_CLAIM_SECONDS } from './orders.types.js';

// The orders module's services wired from the app's ports: the routes and the demo order
// history (demo-orders.ts) place orders through exactly the same code.
export function composeOrders(deps: {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>;
  clock: Clock;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  invoicing: Invoicing;
}) {
  const orders = createOrdersRepository(deps.db);
  const capacity = createCapacityService({ db: deps.db, staleSeconds: STALE_PAYMENT_CLAIM_SECONDS });
  const catalogue = createOrderCatalogueRepository(deps.db);
  const paymentMethods = paymentMethodsServiceFrom({ db: deps.db, payments: deps.payments, clock: deps.clock });
  const edits = createOrderEditsService({
    db: deps.db,
    orders,
    catalogue,
    payments: deps.payments,
    paymentMethods,
    geocoder: deps.geocoder,
    clock: deps.clock,
    log: deps.log,
    invoicing: deps.invoicing,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
  });
  const service = createOrdersService({
    orders,
    catalogue,
    prepareFor: edits.prepareFor,
    editRuleOf,
    restaurantMessages: orderMessagesReads(deps.db).forCustomer,
    idempotency: createIdempotencyRepository(deps.db),
    payments: deps.payments,
    paymentMethods,
    mailer: deps.mailer,
    geocoder: deps.geocoder,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    log: deps.log,
    processingJob,
    reachRestaurants: reachRestaurantsParts,
    // the payment is claimed only when the order fits its restaurants' capacity (decision 049)
    // (one statement when none of its restaurants has a limit, as before)
    claimPayment: async (id, now, staleSeconds) => {
      const free = await orders.claimPayment(id, now, staleSeconds, deps.db, NO_CAPACITY_LIMIT);
      if (free || !(await capacity.limited(id))) return free;
      return withTransaction(deps.db, async (tx) => {
        await capacity.reserve(tx, id, now);
        return orders.claimPayment(id, now, staleSeconds, tx);
      });
    },
  });
  return { orders, catalogue, edits, service };
}
