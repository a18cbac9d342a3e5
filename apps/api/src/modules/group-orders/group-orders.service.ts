import type { z } from 'zod';
import type { createGroupOrderBodySchema } from '@caterway/contracts';
import type { Clock } from '../../lib/clock.js';
import { validationFailed } from '../../lib/errors.js';
import { assertOrderablePreset } from '../orders/order-checks.js';
import type { OrderCatalogueRepository } from '../orders/order-catalogue.repository.js';
import type { GroupOrdersRepository } from './group-orders.repository.js';

export const groupOrderMessages = {
  oneChefOnly: 'A group order can be created only from a preset with exactly one chef.',
} as const;

/** Group Order create (ordering-payments §4): only from a preset with exactly one chef; answers the uuid. */
export function createGroupOrdersService(deps: { groupOrders: GroupOrdersRepository; catalogue: Pick<OrderCatalogueRepository, 'findPreset' | 'findChefsOfPreset'>; clock: Clock }) {
  return {
    async create(userId: number, body: z.output<typeof createGroupOrderBodySchema>): Promise<{ uuid: string }> {
      const preset = assertOrderablePreset(await deps.catalogue.findPreset(body.preset_id), userId);
      const chefs = await deps.catalogue.findChefsOfPreset(preset.id);
      if (chefs.length !== 1) throw validationFailed([groupOrderMessages.oneChefOnly]);
      const uuid = await deps.groupOrders.insert({ creatorId: userId, presetId: preset.id, chefId: chefs[0]!.id, deliveryParams: body.delivery_params, now: deps.clock.now() });
      return { uuid };
    },
  };
}
