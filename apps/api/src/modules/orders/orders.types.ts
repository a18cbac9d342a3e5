import type { z } from 'zod';
import type { orderPayloadSchema } from '@caterway/contracts';
import type { PlaceOfSupply, RestaurantCalendar, StoreHoursMap, TaxCategory, TaxLine, Totals } from '@caterway/domain';

// The orders module's shapes that its repository, its services and other modules use, and pure
// readings of a stored order (layer 5 of .dependency-cruiser.cjs): kept here, so that the
// repository needs no service or helper file and no other module needs the repository.

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

/** A payment claim older than this is taken to have crashed (finalize, edits, Update Payment Method). */
export const STALE_PAYMENT_CLAIM_SECONDS = 120;

/** Whether a request is changing the order's payment right now (it holds a claim that is not stale). */
export function paymentClaimHeld(order: Pick<OrderRow, 'payment_status' | 'payment_started_at'>, now: Date): boolean {
  return (
    order.payment_status === 'authorizing' &&
    now.getTime() - Number(order.payment_started_at ?? 0) < STALE_PAYMENT_CLAIM_SECONDS * 1000
  );
}

export type PaymentStatus =
  | 'unpaid'
  | 'authorizing'
  | 'authorized'
  | 'processing'
  | 'captured'
  | 'failed'
  | 'canceled'
  | 'refunded'
  // 027: a far-future card order authorised 5 days before delivery; 3-D Secure asked of the browser
  | 'scheduled'
  | 'requires_action';

export interface OrderRow {
  id: number;
  order_number: string;
  purchase_id: string;
  user_id: number;
  preset_id: number | null;
  preset_name: string;
  chef_id: number | null;
  chef_ids: number[];
  status: string;
  receiving_method: 'delivery' | 'pickup';
  delivery_address: string;
  delivery_suite_address: string;
  delivery_instruction: string;
  pickup_instruction: string;
  first_name: string;
  last_name: string;
  company_name: string;
  phone_number: string;
  email: string;
  serving_style: string;
  num_cutlery: number;
  delivery_at: Date;
  time_zone: string;
  order_processing_at: Date;
  subtotal_cents: number;
  delivery_fee_cents: number;
  cutlery_cents: number;
  tax_cents: number;
  total_cents: number;
  tax_name: string;
  tax_rate: number;
  // 032_tax_lines.sql: each tax charged, the place of supply, the tip
  tax_lines: StoredTaxLine[];
  place_country: 'CA' | 'US' | null;
  place_region: string | null;
  place_locality: string | null;
  tip_cents: number;
  tip_percent: number | null;
  po_number: string;
  cost_centre: string;
  onsite_contact_name: string;
  onsite_contact_phone: string;
  currency: 'cad' | 'usd';
  is_eft: boolean;
  request_payload: PreparedOrder['payload'];
  payment_status: PaymentStatus;
  payment_attempts: number;
  /** when the running authorisation claimed the order; -infinity (parsed as -Infinity) once reopened */
  payment_started_at: Date | number | null;
  payment_intent_id: string | null;
  payment_method_id: string | null;
  payment_error: string | null;
  paid_at: Date | null;
  editable: boolean;
  created_at: Date;
  // 008_order_lifecycle.sql
  processing: 'pending' | 'processing' | 'processed';
  authorized_cents: number;
  captured_cents: number;
  refunded_cents: number;
  parent_order_id: number | null;
  accepted_at: Date | null;
  delivery_ready_at: Date | null;
  delivered_at: Date | null;
  canceled_at: Date | null;
  // 011_order_edits.sql
  edit_version: number;
  // 027_payment_lifecycle.sql: why operations must look at the order, and since when
  attention_kind: 'payment' | 'dispute' | null;
  attention_reason: string | null;
  attention_at: Date | null;
}

export interface OrderItemRow {
  id: number;
  position: number;
  line_key: string;
  menu_id: number | null;
  chef_id: number | null;
  menu_name: string;
  quantity: number;
  unit_price_cents: number;
  menu_items_mapping: Record<string, number>;
  menu_items: { id: number; name: string; price_cents: number; quantity: number }[];
  special_instruction: string;
  serving_details: { id: number | string; items: { user_name: string; quantity: number; dietary_type: string }[] }[];
  line_subtotal_cents: number;
}

/** One tax an order was charged, as stored (rate as numeric text or number from jsonb). */
export interface StoredTaxLine {
  name: string;
  rate_percent: number | string;
  cents: number;
  jurisdiction: string | null;
}

/** The stored lines as the domain's tax lines. */
export function taxLinesOf(order: Pick<OrderRow, 'tax_lines'>): TaxLine[] {
  return order.tax_lines.map((l) => ({
    name: l.name,
    ratePercent: Number(l.rate_percent),
    cents: l.cents,
    jurisdiction: l.jurisdiction,
  }));
}

/** The order's totals as computeTotals gave them when it was priced (stored, never recomputed). */
export function totalsOf(
  order: Pick<
    OrderRow,
    'subtotal_cents' | 'delivery_fee_cents' | 'cutlery_cents' | 'tax_lines' | 'tax_cents' | 'tip_cents' | 'total_cents'
  >,
): Totals {
  return {
    subtotalCents: order.subtotal_cents,
    deliveryFeeCents: order.delivery_fee_cents,
    cutleryCents: order.cutlery_cents,
    taxLines: taxLinesOf(order),
    taxCents: order.tax_cents,
    tipCents: order.tip_cents,
    totalCents: order.total_cents,
  };
}

export interface OrderPresetRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  preset_type: 'restaurant' | 'catering' | 'save_for_later';
  owner_user_id: number | null;
  is_active: boolean;
  number_of_guests: number;
  minimum_order_amount_cents: number;
  serving_styles: string[];
  category_names: string[];
  cuisine_types: string[];
  dietary_types: string[];
  banner_image_url: string;
  search_result_image_url: string;
}

export interface OrderChefRow {
  id: number;
  slug: string;
  business_name: string;
  email_name: string;
  country: 'CA' | 'US';
  latitude: number;
  longitude: number;
  time_zone: string;
  pre_order_notice_hours: number;
  pre_order_min_order_amount_cents: number;
  addon_maximum_items_qty: number;
  eft_enabled: boolean;
  delivery_radius_km: number;
  delivery_fee_ranges: { min_km: number; max_km: number; fee_cents: number }[];
  store_hours: StoreHoursMap;
  /** closures and the pause (decision 055) */
  calendar: RestaurantCalendar;
  address1: string;
  city: string;
  /** province or state code: the place of supply of a pickup */
  province: string;
  /** onboarding, live or suspended (decision 059): only a live restaurant takes orders */
  status: 'onboarding' | 'live' | 'suspended';
}
