import { EMAIL_DELIVERY_JOB } from './adapters/email/index.js';
import type { AppDeps } from './lib/deps.js';
import { createJobRunner, enqueue, type JobRunner } from './lib/jobs.js';
import { groupCutoffFrom } from './modules/group-orders/group-orders.compose.js';
import { lifecycleServiceFrom, restaurantNoticesFrom } from './modules/order-lifecycle/lifecycle.compose.js';
import { reconcileJob } from './modules/order-lifecycle/lifecycle.service.js';
import { scheduledAuthorisationFrom } from './modules/payment-lifecycle/scheduled-authorisation.js';

type Log = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/**
 * The queue's runner with every job kind of the app, polling at JOBS_POLL_MS. The API process
 * starts it (server.ts) unless JOBS_IN_PROCESS=false; `npm run worker` (worker.ts) runs the
 * same one as a separate process.
 */
export function startJobRunner(
  deps: Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'clock' | 'config' | 'geocoder' | 'jwtSecret'>,
  log: Log,
): JobRunner {
  const handlers = {
    ...lifecycleServiceFrom(deps, log).jobHandlers(),
    // what reaches a restaurant is emailed, then reminded and escalated while it waits (decision 048)
    ...restaurantNoticesFrom(deps, log).jobHandlers(),
    ...groupCutoffFrom(deps, log).jobHandlers(),
    // far-future orders: the kept card authorised 5 days before delivery (decision 027)
    ...scheduledAuthorisationFrom(deps, log).jobHandlers(),
    // SMTP deliveries that failed at first (adapters/email): retried here until the server takes them
    [EMAIL_DELIVERY_JOB]: async (job: { payload: Record<string, unknown> }) => {
      await deps.mailer.redeliver?.(Number(job.payload.outbox_id));
    },
  };
  // the recurring jobs are queued once (by their key); each run queues the next
  enqueue(deps.db, reconcileJob(deps.clock.now())).catch((err: Error) =>
    log.error({ err: { message: err.message } }, 'could not queue the payment reconciliation'),
  );
  const runner = createJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers,
    log,
    pollMs: deps.config.jobsPollMs,
  });
  runner.start();
  return runner;
}
