import type { z } from 'zod';
import type { orderPayloadSchema } from '@caterway/contracts';
import type { PlaceOfSupply, TaxCategory, Totals } from '@caterway/domain';
import type { OrderChefRow, OrderPresetRow } from './order-catalogue.repository.js';

// The orders module's shapes that its repository and its services both use (layer 4 of
// .dependency-cruiser.cjs): kept here, so that the repository needs no service or helper file.

export type OrderPayload = z.output<typeof orderPayloadSchema>;

export interface PreparedLine {
  lineKey: string;
  menuId: number;
  chefId: number;
  menuName: string;
  quantity: number;
  unitPriceCents: number;
  menuItemsMapping: Record<string, number>;
  menuItems: { id: number; name: string; price_cents: number; quantity: number }[];
  specialInstruction: string;
  servingDetails: OrderPayload['preset_items'][number]['serving_details'];
  lineSubtotalCents: number;
  /** prepared food, or a soda beverage (BC PST); absent: prepared food */
  taxCategory?: TaxCategory;
}

export interface PreparedOrder {
  preset: OrderPresetRow;
  chefs: OrderChefRow[];
  lead: OrderChefRow;
  lines: PreparedLine[];
  totals: Totals;
  /** the combined name and rate of the taxes ("GST+QST", 14.975), as the preset shows them */
  taxName: string;
  taxRate: number;
  /** where the food is supplied: the delivery address, or the restaurant for pickup */
  place: PlaceOfSupply;
  /** 10, 15 or 18 when the tip is a percent of the subtotal */
  tipPercent: number | null;
  /** what a corporate buyer filled in ('' when not given; issue 17 part 3) */
  corporate: CorporateFields;
  currency: 'cad' | 'usd';
  deliveryAt: Date;
  timeZone: string;
  orderProcessingAt: Date;
  latitude: number | null;
  longitude: number | null;
  distanceKm: number | null;
  /** the request with the browser's prices and fee removed: what finalize re-checks */
  payload: OrderPayload;
}

/** The PO number, cost centre and on-site contact an order carries, as stored ('' when not given). */
export interface CorporateFields {
  po_number: string;
  cost_centre: string;
  onsite_contact_name: string;
  onsite_contact_phone: string;
}

/** What the order's restaurant and preset add to the row (orders.repository findDisplayContext). */
export interface OrderDisplayContext {
  preset_slug: string | null;
  restaurant_name: string;
  addon_limit: number;
  addon_orders_count: number;
  /** an invoice was issued for it (invoices.repository hasInvoiceColumn) */
  has_invoice: boolean;
}
