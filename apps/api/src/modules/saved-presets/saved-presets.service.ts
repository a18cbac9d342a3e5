import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { savedPresetResponseSchema, savePresetBodySchema } from '@caterway/contracts';
import { messages, priceCart, CartPricingError, lineSubtotalCents } from '@caterway/domain';
import { withTransaction, type Db } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import type { Mailer } from '../../ports/email.js';
import { createOrderCatalogueReads } from '../orders/order-catalogue.service.js';
import { assertOrderablePreset } from '../orders/order-checks.js';
import { presetSavedEmail } from './saved-presets.email.js';
import { createSavedPresetsRepository } from './saved-presets.repository.js';
import { sharedCartUrl } from './share-link.js';

type SaveBody = z.output<typeof savePresetBodySchema>;

/** 'Team Lunch Friday!' -> 'team-lunch-friday' */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'saved-menu';
}

/**
 * Save Cart (ordering-payments §4): a save_for_later copy of the base preset with the cart as
 * its items, its owner's only; the shared URL is emailed. Items are checked against the base
 * preset's chefs' menus; quantities are kept as the cart had them (a draft need not meet the
 * minimums yet: checkout checks those).
 */
export function createSavedPresetsService(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const catalogue = createOrderCatalogueReads(deps.db);
  const repo = createSavedPresetsRepository(deps.db);
  return {
    async save(userId: number, body: SaveBody): Promise<z.infer<typeof savedPresetResponseSchema>> {
      const input = body.preset;
      const base = assertOrderablePreset(await catalogue.findPreset(input.base_preset_id), userId);
      const chefIds = new Set((await catalogue.findChefsOfPreset(base.id)).map((c) => c.id));
      const menus = new Map(
        (await catalogue.findMenus([...new Set(input.preset_items.map((l) => l.menu_id))])).map((m) => [m.id, m]),
      );
      const problems: string[] = [];
      let subtotal = 0;
      for (const line of input.preset_items) {
        const menu = menus.get(line.menu_id);
        if (!menu || menu.is_deleted || !chefIds.has(menu.chef_id)) {
          problems.push(`Menu ${line.menu_id} is not available on this preset.`);
          continue;
        }
        try {
          const [priced] = priceCart(
            [{ menuId: menu.id, quantity: line.quantity, menuItemsMapping: line.menu_items_mapping }],
            new Map([
              [
                menu.id,
                {
                  id: menu.id,
                  priceCents: menu.price_cents,
                  menuItems: menu.menu_items.map((i) => ({ id: i.id, priceCents: i.price_cents })),
                },
              ],
            ]),
          );
          subtotal += lineSubtotalCents(priced!);
        } catch (err) {
          if (!(err instanceof CartPricingError)) throw err;
          problems.push(err.message);
        }
      }
      if (!input.preset_items.some((l) => l.quantity > 0 || Object.values(l.menu_items_mapping).some((q) => q > 0)))
        problems.push(messages.noItems);
      if (problems.length) throw validationFailed([...new Set(problems)]);

      const now = deps.clock.now();
      const slug = `${slugify(input.name)}-${crypto.randomBytes(4).toString('hex')}`;
      const saved = await withTransaction(deps.db, (tx) =>
        repo.insert(
          {
            slug,
            name: input.name,
            description: input.description || base.description,
            basePresetId: base.id,
            ownerId: userId,
            pricePerPersonCents: Math.round(subtotal / Math.max(1, base.number_of_guests)),
            now,
            lines: input.preset_items.map((l) => ({
              chefId: menus.get(l.menu_id)!.chef_id,
              menuId: l.menu_id,
              quantity: l.quantity,
              specialInstruction: l.special_instruction,
              menuItemsMapping: l.menu_items_mapping,
            })),
          },
          tx,
        ),
      );
      // the link opens the cart for anyone holding it, read-only (decision 031)
      const sharedUrl = sharedCartUrl(deps.publicUrl, saved.slug, saved.share_token);
      const contact = await repo.findUserContact(userId);
      if (contact) {
        try {
          await deps.mailer.send(
            presetSavedEmail({ to: contact.email, firstName: contact.first_name, name: input.name, url: sharedUrl }),
          );
        } catch (err) {
          deps.log.error({ err: { message: (err as Error).message } }, 'could not send the saved preset link');
        }
      }
      return {
        preset: { id: saved.id, slug: saved.slug, shared_url: sharedUrl, saved_at: saved.created_at.toISOString() },
      };
    },

    /** Only the owner deletes a saved cart; anything else is the same 404 as the preset detail gives. */
    async remove(userId: number, id: number): Promise<{ message: string }> {
      const preset = await repo.findOwned(id);
      if (!preset || preset.preset_type !== 'save_for_later' || preset.owner_user_id !== userId)
        throw notFound(messages.presetNotFound);
      await repo.delete(id);
      return { message: 'Preset deleted' };
    },
  };
}
