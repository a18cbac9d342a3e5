import type { Chef, Menu, PresetDetail, PresetsHomeResponse } from '@caterway/contracts';
import { messages } from '@caterway/domain';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { PreparedJson } from '../../lib/serialised-json.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { Geocoder } from '../../ports/geocoder.js';
import type { CapacityService } from '../capacity/capacity.service.js';
import { chefPlace, pointPlace } from '../orders/place-of-supply.js';
import { sharedCartUrl, shareTokenMatches } from '../saved-presets/share-link.js';
import type { CardCache } from './card-cache.js';
import { withCapacity } from './card-capacity.js';
import { resolveDeliveryContext, type DeliveryContext, type DeliveryContextQuery } from './delivery-context.js';
import {
  NOTHING_SOLD_OUT,
  renderDetail,
  serialiseDetail,
  toDetailTemplate,
  type DetailTemplate,
  type SoldOut,
} from './detail-template.js';
import { presetTaxFields, type TaxHome } from './preset-taxes.js';
import { noticeHours, toPresetCard, toRestaurantCard } from './presets.mappers.js';
import type {
  CardRow,
  DetailMenuRow,
  GeoPoint,
  MenuItemRow,
  PresetKeyRow,
  PresetsRepository,
  SoldOutEntries,
} from './presets.repository.js';
import { soldOutAt } from './presets.repository.js';

/** The home page's preset carousels, exactly these and in this order (browse-account-orders §2). */
export const HOME_GROUPS = ['Healthy Lunch', 'Corporate Breakfast', 'Sandwich/Wrap & Salad Lunches'] as const;
export const HOME_LIST_SIZE = 12;

export interface PresetsServiceDeps {
  presetsRepository: PresetsRepository;
  /** listing cards, briefly cached (card-cache.ts); the detail page reads presetsRepository */
  cardCache: Pick<CardCache, 'cardsByIds'>;
  /** restaurants full at the chosen time (modules/capacity): the home list's cards say so */
  capacity: Pick<CapacityService, 'fullAmong'>;
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>;
  clock: Clock;
  /** the viewer's favourite preset ids (modules/favorites) */
  favoriteIdsOf: (userId: number) => Promise<number[]>;
  publicUrl: string;
  /** the detail cache's size and age (docs/decisions/018), default DETAIL_CACHE_DEFAULTS; false: every detail from the database */
  detailCache?: { ttlMs: number; maxDetails: number; now?: () => number } | false;
}

/** 60 s like the card cache; ~10-20 KB a detail (template and card row), so at most ~20 MB */
export const DETAIL_CACHE_DEFAULTS = { ttlMs: 60_000, maxDetails: 1_000 };

type FoundPreset = PresetKeyRow;

const list = (values: readonly string[]) => values.join(', ');

export function createPresetsService({
  presetsRepository: repo,
  cardCache,
  geocoder,
  clock,
  publicUrl,
  favoriteIdsOf,
  capacity,
  detailCache = DETAIL_CACHE_DEFAULTS,
}: PresetsServiceDeps) {
  // Catalogue presets only: a user's saved cart (which the API writes) is never kept, nor a key
  // that names nothing (a saved cart may take it), so neither can be answered stale. A catalogue
  // change drops the details it reaches (forgetCatalogue, called by the catalogue sync).
  const isCatalogue = (found: FoundPreset | undefined) => !!found && found.preset_type !== 'save_for_later';
  const cache = detailCache && {
    keys: createTtlCache<string, FoundPreset | undefined>({
      ttlMs: detailCache.ttlMs,
      now: detailCache.now,
      maxEntries: detailCache.maxDetails * 4,
      keep: isCatalogue,
    }),
    templates: createTtlCache<number, DetailTemplate | undefined>({
      ttlMs: detailCache.ttlMs,
      now: detailCache.now,
      maxEntries: detailCache.maxDetails,
      keep: (t) => !!t,
    }),
    // what the preset's restaurants have 86'd, with when each comes back (decision 053): dropped
    // with the template by a change of the restaurant, and read against the clock, so an 86 that
    // runs out at midnight ends without a notification
    soldOut: createTtlCache<number, SoldOutEntries>({
      ttlMs: detailCache.ttlMs,
      now: detailCache.now,
      maxEntries: detailCache.maxDetails,
    }),
  };

  /** the restaurants of each cached template (a change of one drops it, even if it left the preset since) */
  const chefsOfTemplate = new Map<number, readonly number[]>();

  /** The delivery context plus, for a signed-in viewer, their favourites (cards show favorite: true). */
  async function contextFor(query: DeliveryContextQuery, viewerId: number | undefined) {
    const [ctx, favorites] = await Promise.all([
      resolveDeliveryContext(query, { geocoder, now: clock.now() }),
      viewerId === undefined ? Promise.resolve([]) : favoriteIdsOf(viewerId),
    ]);
    // the address's province or state (and US city): the all-in price's taxes (decision 071)
    const place = ctx.point ? await pointPlace(geocoder, ctx.point) : null;
    return { ...ctx, place, favoriteIds: new Set(favorites) };
  }

  /**
   * Popular ids of each list near the point: the walks of all lists in one statement, the
   * radius query for a list the walk cannot fill, the whole catalogue when nothing is near (or
   * no point is known).
   */
  async function popularNear(
    near: GeoPoint | null,
    lists: { presetType: 'restaurant' | 'catering'; group?: string }[],
    limit: number,
  ): Promise<number[][]> {
    const walked = near ? await repo.walkPopularNear(near, lists, { limit }) : lists.map(() => null);
    return Promise.all(
      lists.map(async (list, i) => {
        if (walked[i]) return walked[i];
        if (near) {
          const ids = await repo.findPopularIds({ ...list, near, limit });
          if (ids.length) return ids;
        }
        return repo.findPopularIds({ ...list, near: null, limit });
      }),
    );
  }

  return {
    /**
     * A catalogue change (decision 056): the details of the presets the changed restaurants are
     * in (or were in when cached) and the keys naming them are dropped; the next read assembles
     * them from the database.
     */
    forgetCatalogue(change: { chefIds: readonly number[]; presetIds: ReadonlySet<number> }): void {
      if (!cache) return;
      const chefs = new Set(change.chefIds);
      const presets = new Set(change.presetIds);
      for (const [id, ofTemplate] of chefsOfTemplate) if (ofTemplate.some((c) => chefs.has(c))) presets.add(id);
      for (const id of presets) {
        cache.templates.forget(id);
        cache.soldOut.forget(id);
        chefsOfTemplate.delete(id);
      }
      cache.keys.forgetWhere((found) => !!found && presets.has(found.id));
    },
    /** Every cached detail dropped (after a missed notification). */
    forgetAllCatalogue(): void {
      if (!cache) return;
      cache.templates.clear();
      cache.soldOut.clear();
      cache.keys.clear();
      chefsOfTemplate.clear();
    },

    /**
     * GET api/v2/presets: trending restaurants and the three home groups (browse-account-orders
     * §2 Home page, §7), the most ordered first, near the delivery address when one is known.
     */
    async home(query: DeliveryContextQuery, viewerId?: number): Promise<PresetsHomeResponse> {
      const ctx = await contextFor(query, viewerId);
      const [restaurantIds, ...groupIds] = await popularNear(
        ctx.point,
        [{ presetType: 'restaurant' }, ...HOME_GROUPS.map((group) => ({ presetType: 'catering' as const, group }))],
        HOME_LIST_SIZE,
      );
      const rows = await cardCache.cardsByIds([...restaurantIds!, ...groupIds.flat()]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const cards = (ids: number[]) => ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
      const trendingRows = cards(restaurantIds!);
      return {
        presets: {
          trending_restaurants: await withCapacity(
            trendingRows.map((r) => toRestaurantCard(r, ctx)),
            trendingRows,
            ctx,
            capacity,
          ),
          all_presets: HOME_GROUPS.map(
            (group, i) =>
              [group, cards(groupIds[i]!).map((r) => toPresetCard(r, ctx))] as [
                string,
                ReturnType<typeof toPresetCard>[],
              ],
          ),
        },
      };
    },

    /**
     * GET api/v2/presets/{id or slug} (ordering-payments §3 Preset). A saved-for-later preset is
     * read by its owner (owned_by_viewer) and by anyone sending its share token, the one in its
     * shared_url (decision 031); anyone else gets the same 404 as an unknown id. The answer comes
     * serialised (the route sends it as is): a catalogue preset's from the detail cache, up to
     * 60 s old, with the visitor's fields written in (detail-template.ts), or its kept bytes for
     * a visitor with the neutral visitor's fields; a saved cart's fresh.
     */
    async detailJson(
      key: string,
      query: DeliveryContextQuery & { share_token?: string },
      viewerId: number | undefined,
    ): Promise<string | PreparedJson> {
      const found = await (cache ? cache.keys.get(key, () => repo.findIdByKey(key)) : repo.findIdByKey(key));
      if (!found) throw notFound(messages.presetNotFound);
      const saved = found.preset_type === 'save_for_later';
      const owned = saved && viewerId !== undefined && found.owner_user_id === viewerId;
      if (saved && !owned && !shareTokenMatches(found.share_token, query.share_token))
        throw notFound(messages.presetNotFound);
      // what is sold out now (decision 053), beside the visitor's context: a catalogue preset's
      // 86s are kept with its detail and compared with the clock at each read
      const now = clock.now();
      const [base, soldOut] = await Promise.all([
        contextFor(query, viewerId),
        cache && isCatalogue(found)
          ? cache.soldOut
              .get(found.id, () => repo.soldOutEntries(found.id, now))
              .then((entries) => soldOutAt(entries, clock.now().getTime()))
          : repo.soldOutOfPreset(found.id, now),
      ]);
      // contextFor placed the delivery point: the preset's taxes are the place of supply's
      const ctx = base;
      if (!cache || !isCatalogue(found)) {
        const assembled = await assemble(found.id, ctx, soldOut);
        if (!assembled) throw notFound(messages.presetNotFound);
        const preset = saved
          ? {
              ...assembled.body.preset,
              owned_by_viewer: owned,
              shared_url: sharedCartUrl(publicUrl, found.slug, found.share_token),
            }
          : assembled.body.preset;
        return serialiseDetail({ preset });
      }
      const template = await cache.templates.get(found.id, async () => {
        // the catalogue part, for a visitor with no address, date or favourites
        const now = clock.now();
        const assembled = await assemble(found.id, { point: null, date: null, time: null, now }, NOTHING_SOLD_OUT);
        if (assembled) {
          chefsOfTemplate.set(
            found.id,
            assembled.body.preset.chefs.map((c) => c.id),
          );
          // bounded like the templates (the oldest first out: their templates are long gone)
          if (chefsOfTemplate.size > detailCache.maxDetails * 2)
            chefsOfTemplate.delete(chefsOfTemplate.keys().next().value!);
        }
        return assembled && toDetailTemplate(assembled.row, assembled.body, assembled.home, now);
      });
      if (!template) throw notFound(messages.presetNotFound);
      return renderDetail(template, ctx, soldOut);
    },
  };

  /** The detail answer of one preset from the database, or undefined when it has no card. */
  async function assemble(
    id: number,
    ctx: DeliveryContext,
    soldOut: SoldOut,
  ): Promise<{ row: CardRow; home: TaxHome | null; body: { preset: PresetDetail } } | undefined> {
    const [cardRows, chefRows, itemRows] = await Promise.all([
      repo.cardsByIds([id]),
      repo.findChefsOfPreset(id),
      repo.findPresetItems(id),
    ]);
    const row = cardRows[0];
    if (!row) return undefined;
    const menuRows = await repo.findMenusOfChefs(chefRows.map((c) => c.id));
    const menuIds = [...new Set([...menuRows.map((m) => m.id), ...itemRows.map((i) => i.menu_id)])];
    const itemsByMenu = new Map<number, MenuItemRow[]>();
    for (const item of await repo.findMenuItemsOfMenus(menuIds)) {
      const bucket = itemsByMenu.get(item.menu_id) ?? [];
      bucket.push(item);
      itemsByMenu.set(item.menu_id, bucket);
    }
    const menuItems = (menuId: number) =>
      (itemsByMenu.get(menuId) ?? []).map((i) => ({
        id: i.id,
        name: i.name,
        price_cents: i.price_cents,
        main_image_url: i.main_image_url,
        dietary_types: list(i.dietary_types),
      }));
    const toMenu = (m: DetailMenuRow): Menu => ({
      id: m.id,
      chef_id: m.chef_id,
      name: m.name,
      description: m.description,
      category_name: m.category_name,
      menu_type: m.menu_type,
      tax_category: m.tax_category,
      price_cents: m.price_cents,
      min_order_amount: m.min_order_amount,
      main_image_url: m.main_image_url,
      dietary_types: list(m.dietary_types),
      is_deleted: m.is_deleted,
      lead_time_hours: m.lead_time_hours,
      serves: m.serves,
      menu_items: menuItems(m.id),
    });

    const chefs: Chef[] = chefRows.map((c) => {
      // menus grouped by category, categories in the order their first dish appears
      const own = menuRows.filter((m) => m.chef_id === c.id);
      const categories = [...new Set(own.map((m) => m.category_name))];
      const grouped = categories.flatMap((cat) => own.filter((m) => m.category_name === cat));
      return {
        id: c.id,
        slug: c.slug,
        business_name: c.business_name,
        first_name: c.first_name,
        last_name: c.last_name,
        description: c.description,
        profile_image_url: c.profile_image_url,
        main_image_url: c.main_image_url,
        menus: grouped.map(toMenu),
        menu_category_names: categories,
        pre_order_min_order_amount_cents: c.pre_order_min_order_amount_cents,
        pre_order_notice_hour: c.pre_order_notice_hours,
        addon_maximum_items_qty: c.addon_maximum_items_qty,
        eft_enabled: c.eft_enabled,
        address1: c.address1,
        address2: c.address2,
        city: c.city,
        state: c.province,
        zip: c.zip,
        country: c.country,
        latitude: c.latitude,
        longitude: c.longitude,
        time_zone: c.time_zone,
        store_hours: c.store_hours,
        cuisine_types: c.cuisine_types,
      };
    });

    const first = chefRows[0];
    const home: TaxHome | null = first ? { place: chefPlace(first), timeZone: first.time_zone } : null;
    const card = toPresetCard(row, ctx);
    const timeZone = first?.time_zone ?? 'America/Toronto';
    const body = {
      preset: {
        ...card,
        chefs,
        preset_items: itemRows.map((i) => ({
          id: i.id,
          name: i.name,
          preset_menu_category_name: i.category_name,
          chef_id: i.chef_id,
          menu_id: i.menu_id,
          quantity: i.quantity,
          special_instruction: i.special_instruction,
          menu_items_mapping: i.menu_items_mapping,
          menu_items: menuItems(i.menu_id),
          // the unit price of the line: the dish's menu price. The default cart maps only
          // included components (price 0), so a line costs quantity x price_cents.
          price_cents: i.price_cents,
          saved_unit_price_cents: i.saved_unit_price_cents,
          main_image_url: i.main_image_url,
          dietary_types: list(i.dietary_types),
          menu_type: i.menu_type,
          min_order_amount: i.min_order_amount,
          serves: i.serves,
          serving_details: i.serving_details,
          images: i.main_image_url ? [i.main_image_url] : [],
          average_rating: card.average_rating,
        })),
        // the default cart's subtotal; delivery is 0 until the delivery-fee call (ordering-payments §9)
        price_cents: card.total_price_cents,
        delivery_price_cents: 0,
        pre_order_notice_hour: noticeHours(row),
        minimum_order_amount_cents: row.minimum_order_amount_cents,
        shared_url: `${publicUrl.replace(/\/$/, '')}/preset-detail/${row.slug}`,
        ...presetTaxFields(home, ctx),
        delivery_fee_data: { ranges: first?.delivery_fee_ranges ?? [] },
        store_hours: first?.store_hours ?? {},
        preset_location: { time_zone: timeZone, city_time_zone_name: timeZoneName(timeZone) },
        address1: first?.address1 ?? '',
        owned_by_viewer: false,
        sold_out: soldOut,
      },
    };
    return { row, home, body };
  }
}
export type PresetsService = ReturnType<typeof createPresetsService>;

/** 'America/Toronto' -> 'Eastern Time' (the zone's generic English name). */
function timeZoneName(timeZone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(0))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
