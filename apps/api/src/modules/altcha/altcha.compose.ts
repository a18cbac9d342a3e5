import type { AppDeps } from '../../lib/deps.js';
import { createAltchaRepository } from './altcha.repository.js';
import { createAltchaService, deriveAltchaSecrets } from './altcha.service.js';

// The altcha service wired from the app's dependencies (its route and the demo request form).

export function altchaServiceFrom(deps: AppDeps) {
  return createAltchaService({
    usedChallenges: createAltchaRepository(deps.db),
    clock: deps.clock,
    secrets: deriveAltchaSecrets(deps.jwtSecret),
  });
}
