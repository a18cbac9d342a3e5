import type { FastifyBaseLogger } from 'fastify';
import type { MenuSuggestion } from '@caterway/contracts';
import { combinedTaxName, combinedTaxRate, computeTotals, messages, taxesFor } from '@caterway/domain';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import type { Mailer } from '../../ports/email.js';
import type { OrderCatalogueReads } from '../orders/order-catalogue.service.js';
import { localDateTime } from '../orders/orders.email.js';
import { chefPlace } from '../orders/place-of-supply.js';
import { composeSuggestion } from './suggestion-composer.js';
import { menuSuggestionEmail } from './suggestions.email.js';
import type { SuggestionsRepository } from './suggestions.repository.js';

/** A public form that sends email: a few per hour per address and per IP. */
const PER_HOUR_PER_IP = 10;
const PER_HOUR_PER_EMAIL = 5;

export interface SuggestionsServiceDeps {
  catalogue: OrderCatalogueReads;
  suggestions: SuggestionsRepository;
  mailer: Mailer;
  clock: Clock;
  limiter: RateLimiter;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** POST api/v2/catering_suggestions/{presetId} (ordering-payments §1, §4, §5, §7). */
export function createSuggestionsService(deps: SuggestionsServiceDeps) {
  return {
    async suggest(
      presetId: number,
      body: { email: string; request_message: string },
      meta: { ip: string },
    ): Promise<{ message: string; suggestion: MenuSuggestion }> {
      const preset = await deps.catalogue.findPreset(presetId);
      // saved carts are private: the bot answers for the public catalogue only
      if (!preset || !preset.is_active || preset.preset_type === 'save_for_later')
        throw notFound(messages.presetNotFound);
      const hour = 60 * 60 * 1000;
      await enforceRateLimits(deps.limiter, [
        { key: `suggest:ip:${meta.ip}`, limit: PER_HOUR_PER_IP, windowMs: hour },
        { key: `suggest:email:${body.email}`, limit: PER_HOUR_PER_EMAIL, windowMs: hour },
      ]);
      const chefs = await deps.catalogue.findChefsOfPreset(preset.id);
      const lead = chefs[0];
      if (!lead) throw notFound(messages.presetNotFound);
      const [menus, defaultItems] = await Promise.all([
        deps.catalogue.findMenusOfChefs(chefs.map((c) => c.id)),
        deps.catalogue.findPresetItems(preset.id),
      ]);
      const composition = composeSuggestion({
        message: body.request_message,
        defaultHeadCount: preset.number_of_guests,
        menus,
        chefs: chefs.map((c) => ({ id: c.id, minimumCents: c.pre_order_min_order_amount_cents })),
        defaultMenuIds: defaultItems.map((i) => i.menu_id),
      });
      // delivery is priced at checkout, once the address is known: until then, the restaurant's place and today's taxes
      const taxes = taxesFor(chefPlace(lead), localDateTime(deps.clock.now(), lead.time_zone).date) ?? [];
      const totals = computeTotals({
        lines: composition.lines.map((l) => ({
          unitPriceCents: l.menu.price_cents,
          quantity: l.quantity,
          menuItems: [],
          taxCategory: l.menu.tax_category,
        })),
        receivingMethod: 'pickup',
        deliveryFeeCents: 0,
        cutleryCount: 0,
        taxes,
      });
      const chefName = new Map(chefs.map((c) => [c.id, c.business_name]));
      const draft: Omit<MenuSuggestion, 'id'> = {
        preset_id: preset.id,
        head_count: composition.headCount,
        dietary_needs: composition.needs,
        lines: composition.lines.map((l) => ({
          menu_id: l.menu.id,
          chef_id: l.menu.chef_id,
          chef_name: chefName.get(l.menu.chef_id) ?? '',
          name: l.menu.name,
          category_name: l.menu.category_name,
          quantity: l.quantity,
          unit_price_cents: l.menu.price_cents,
          line_subtotal_cents: l.menu.price_cents * l.quantity,
          dietary_types: l.menu.dietary_types,
          menu_items_mapping: l.menuItemsMapping,
        })),
        totals: {
          subtotal_cents: totals.subtotalCents,
          delivery_fee_cents: 0,
          cutlery_cents: 0,
          tax_cents: totals.taxCents,
          total_cents: totals.totalCents,
          tax_name: combinedTaxName(taxes),
          tax_rate: combinedTaxRate(taxes),
          tax_lines: totals.taxLines.map((l) => ({
            name: l.name,
            rate_percent: l.ratePercent,
            cents: l.cents,
            jurisdiction: l.jurisdiction ?? null,
          })),
          tip_cents: 0,
        },
        price_per_person_cents: Math.round(totals.totalCents / Math.max(1, composition.headCount)),
        notes: composition.notes,
      };
      const id = await deps.suggestions.insert({
        presetId: preset.id,
        email: body.email,
        requestMessage: body.request_message,
        suggestion: draft,
        now: deps.clock.now(),
      });
      const suggestion: MenuSuggestion = { id, ...draft };
      const url =
        preset.preset_type === 'restaurant'
          ? `${deps.publicUrl}/chefs/${preset.slug}`
          : `${deps.publicUrl}/preset-detail/${preset.slug}`;
      try {
        await deps.mailer.send(menuSuggestionEmail({ to: body.email, presetName: preset.name, url, suggestion }));
      } catch (err) {
        deps.log.error({ err: { message: (err as Error).message } }, 'could not send the menu suggestion');
      }
      return { message: `Your suggestion is ready! We also emailed it to ${body.email}.`, suggestion };
    },
  };
}
