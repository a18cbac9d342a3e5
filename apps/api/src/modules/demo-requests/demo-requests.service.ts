import type { DemoRequestInput } from '@caterway/contracts';
import { demoRequestFieldLabels, messages, validateDemoRequest, type DemoRequestField } from '@caterway/domain';
import type { Clock } from '../../lib/clock.js';
import { validationFailed } from '../../lib/errors.js';
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import type { Mailer } from '../../ports/email.js';
import type { AltchaService } from '../altcha/altcha.service.js';
import { demoRequestEmail } from './demo-requests.email.js';
import type { DemoRequestsRepository } from './demo-requests.repository.js';

// Demo requests (browse-account-orders §5 'Demo form', §7 messages/json_create.json, §8).
// The server is the authority: it re-runs the form's rules with the same messages, verifies
// and redeems the captcha, stores the request and emails the sales inbox.

export interface DemoRequestMeta {
  ip: string;
  userAgent: string;
}

export const DEMO_REQUESTS_PER_HOUR_PER_IP = 20;

/** 'Name: Please fill in the required field.' for fields; the captcha's message stands alone. */
export function demoRequestProblemList(problems: Partial<Record<DemoRequestField, string>>): string[] {
  return Object.entries(problems).map(([field, message]) =>
    field === 'altcha' ? message : `${demoRequestFieldLabels[field as DemoRequestField]}: ${message}`,
  );
}

export function createDemoRequestsService(deps: {
  demoRequests: DemoRequestsRepository;
  altcha: Pick<AltchaService, 'verifyAndRedeem'>;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  salesEmail: string;
  log: { error(obj: object, msg: string): void };
}) {
  return {
    async create(input: DemoRequestInput, meta: DemoRequestMeta): Promise<{ message: string }> {
      await enforceRateLimits(deps.limiter, [
        { key: `demo:ip:${meta.ip}`, limit: DEMO_REQUESTS_PER_HOUR_PER_IP, windowMs: 60 * 60 * 1000 },
      ]);

      const problems = validateDemoRequest(input);
      if (Object.keys(problems).length > 0) throw validationFailed(demoRequestProblemList(problems));

      // Fields are fine: only now spend the captcha, so a form sent back for a typo can
      // be resubmitted with the same solution.
      const verdict = await deps.altcha.verifyAndRedeem(input.altcha!);
      if (verdict !== 'verified') throw validationFailed([messages.verifyHuman]);

      const request = {
        name: input.name!.trim(),
        email: input.email!.trim(),
        company: input.company!.trim(),
        phone: input.phone!.trim(),
        numPeopleRange: input.num_people_range!,
        orderFrequency: input.order_frequency!,
        message: (input.message ?? '').trim(),
        ip: meta.ip || null,
        userAgent: meta.userAgent.slice(0, 500),
      };
      const { id } = await deps.demoRequests.insert(request);
      try {
        await deps.mailer.send(demoRequestEmail({ ...request, id }, deps.salesEmail));
        await deps.demoRequests.markEmailed(id, deps.clock.now());
      } catch (err) {
        // The request is stored (emailed_at stays NULL for follow-up); the visitor's part is done.
        deps.log.error({ demoRequestId: id, err: { message: (err as Error).message } }, 'demo request not emailed');
      }
      return { message: messages.demoRequestSent };
    },
  };
}
