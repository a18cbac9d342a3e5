import type { AppDeps } from '../../lib/deps.js';
import { invoicesServiceFrom } from '../invoices/invoices.compose.js';
import { scheduledAuthorisationFrom } from '../payment-lifecycle/scheduled-authorisation.js';
import { createLifecycleService, type LifecycleServiceDeps } from './lifecycle.service.js';
import { createRestaurantNotices } from './restaurant-notices.service.js';
import { createRestaurantOrdersService } from './restaurant-orders.service.js';

// The order lifecycle's service wired from the app's dependencies.

/** The lifecycle service from the app's dependencies (routes, the in-process runner, the worker). */
export function lifecycleServiceFrom(
  deps: Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'clock' | 'config'>,
  log: LifecycleServiceDeps['log'],
) {
  return createLifecycleService({
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    log,
    paymentRecheckMs: deps.config.paymentRecheckMs,
    renewAuthorisation: scheduledAuthorisationFrom(deps, log).renewExpired,
    invoicing: invoicesServiceFrom(deps),
  });
}

/** The orders a restaurant's portal reads (its answers go through the lifecycle service). */
export function restaurantOrdersFrom(deps: Pick<AppDeps, 'db'>) {
  return createRestaurantOrdersService({ db: deps.db });
}

/** The restaurant's emails, reminders and escalations, and the email links' answers (decision 048). */
export function restaurantNoticesFrom(
  deps: Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'clock' | 'config' | 'jwtSecret'>,
  log: LifecycleServiceDeps['log'],
) {
  return createRestaurantNotices({
    db: deps.db,
    mailer: deps.mailer,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    operationsEmail: deps.config.supportEmail,
    jwtSecret: deps.jwtSecret,
    lifecycle: lifecycleServiceFrom(deps, log),
    log,
  });
}
