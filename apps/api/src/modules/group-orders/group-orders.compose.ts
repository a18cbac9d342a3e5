import type { AppDeps } from '../../lib/deps.js';
import { createOrderCatalogueReads } from '../orders/order-catalogue.service.js';
import { orderMessagesReads } from '../sold-out/order-messages.service.js';
import { createGroupCutoff } from './group-cutoff.js';
import { createGroupOrdersRepository } from './group-orders.repository.js';
import { createGroupOrdersService } from './group-orders.service.js';

// The group-order services wired from the app's dependencies.

type Log = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** The group-order services from the app's dependencies (routes, the job runner, order history). */
export function groupOrdersFrom(deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'geocoder' | 'config'>, log: Log) {
  const links = { siteUrl: deps.config.groupOrdersUrl };
  const groupOrders = createGroupOrdersRepository(deps.db);
  return createGroupOrdersService({
    db: deps.db,
    restaurantMessages: orderMessagesReads(deps.db).forGroupOrder,
    groupOrders,
    catalogue: createOrderCatalogueReads(deps.db),
    geocoder: deps.geocoder,
    mailer: deps.mailer,
    clock: deps.clock,
    links,
    log,
  });
}

/** The cut-off job's runner side (job-runner.ts registers its handler). */
export function groupCutoffFrom(
  deps: Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'clock' | 'config' | 'geocoder'>,
  log: Log,
) {
  return createGroupCutoff({
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    clock: deps.clock,
    geocoder: deps.geocoder,
    links: { siteUrl: deps.config.groupOrdersUrl },
    publicUrl: deps.config.publicUrl,
    log,
  });
}
