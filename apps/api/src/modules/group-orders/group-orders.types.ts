import type { GroupOrderStatus } from '@caterway/domain';

// The stored group order and its view, for the modules that receive one (layer 5 of
// .dependency-cruiser.cjs), so that they need not import group-orders.repository.ts.

export interface GroupOrderRow {
  uuid: string;
  id: number;
  creator_id: number;
  preset_id: number | null;
  chef_id: number | null;
  status: GroupOrderStatus;
  delivery_params: Record<string, unknown>;
  created_at: Date;
  name: string;
  head_count: number;
  budget_cents: number;
  gap_days: number;
  cutoff_time: number;
  /** 'yyyy-MM-dd' (DATE is read as text, db/pool.ts) */
  delivery_date: string | null;
  delivery_time: number;
  delivery_at: Date | null;
  cutoff_at: Date | null;
  time_zone: string;
  delivery_address: string;
  delivery_suite_address: string;
  latitude: number | null;
  longitude: number | null;
  delivery_contact_person: string;
  delivery_phone_number: string;
  delivery_instruction: string;
  company_name: string;
  // 032_tax_lines.sql: carried onto the combined catering order at the cut-off ('' when not given)
  po_number: string;
  cost_centre: string;
  share_token: string;
  updated_at: Date;
  opened_at: Date | null;
  closed_at: Date | null;
  canceled_at: Date | null;
  catering_order_id: number | null;
}

/** A group order with what its views need from around it. */
export interface GroupOrderView extends GroupOrderRow {
  preset_name: string;
  chef_name: string;
  creator_name: string;
  creator_email: string;
  joined_count: number;
  chosen_count: number;
  catering_status: string | null;
  catering_processing: 'pending' | 'processing' | 'processed' | null;
  order_number: string | null;
  catering_payment_status: string | null;
  catering_payment_error: string | null;
  catering_subtotal_cents: number | null;
  catering_delivery_fee_cents: number | null;
  catering_tax_cents: number | null;
  catering_tax_name: string | null;
  catering_tax_rate: number | string | null;
  catering_total_cents: number | null;
  catering_processing_at: Date | null;
}
