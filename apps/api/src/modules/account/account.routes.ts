import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountUpdateBodySchema, accountUpdateResponseSchema, errorResponses } from '@caterway/contracts';
import { withTransaction } from '../../db/pool.js';
import type { AppDeps } from '../../lib/deps.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { accountAccessFrom } from '../auth/account-access.service.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { defaultAuthLimits } from '../auth/auth.service.js';
import { systemVarsReaderFrom } from '../catalogue/catalogue.service.js';
import { createAccountRepository } from './account.repository.js';
import { createAccountService } from './account.service.js';

// Account settings writes (browse-account-orders §7 PUT api/v2/accounts); GET api/v2/current is the auth module's.
const tags = ['auth'];
const security = [{ bearerAuth: [] }];

export function accountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter({
    redisUrl: deps.config.redisUrl,
    redisKeyPrefix: deps.config.redisKeyPrefix,
    db: deps.db,
    clock: deps.clock,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await limiter.close?.();
  });
  const service = createAccountService({
    account: createAccountRepository(deps.db),
    auth: accountAccessFrom(deps.db),
    findSystemVars: systemVarsReaderFrom(deps.db),
    geocoder: deps.geocoder,
    hashPassword,
    verifyPassword,
    limiter,
    signInBackoff: defaultAuthLimits(deps.config.signInBackoffAfter).signInBackoff.perAccount,
    transaction: (fn) => withTransaction(deps.db, fn),
    clock: deps.clock,
    log: app.log,
  });

  r.put(
    '/api/v2/accounts',
    {
      // settings are for confirmed users only (browse-account-orders §2, §6)
      preHandler: requireUser(deps, { confirmed: true }),
      schema: {
        tags,
        security,
        summary: 'Update the signed-in user profile, group-order defaults and optionally the password',
        body: accountUpdateBodySchema,
        response: {
          200: accountUpdateResponseSchema,
          401: errorResponses[401],
          403: errorResponses[403],
          422: errorResponses[422],
        },
      },
    },
    async (request) => {
      const user = authUser(request);
      return { user: await service.update(user.id, user.session_id, request.body.user) };
    },
  );
}
