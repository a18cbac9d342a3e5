// Rows of the catalogue tables as the database holds them (migrations/001_initial.sql): the
// generator writes them and the repositories read them, so both use these types.

export interface MenuRow {
  id: number;
  chef_id: number;
  name: string;
  description: string;
  category_name: string;
  menu_type: 'single' | 'other';
  price_cents: number;
  min_order_amount: number;
  dietary_types: string[];
  main_image_url: string;
  is_deleted: boolean;
  position: number;
  /** for sales tax: prepared food, or a soda beverage (BC PST; migration 034) */
  tax_category: 'prepared_food' | 'soda_beverage';
}

export interface MenuItemRow {
  id: number;
  menu_id: number;
  name: string;
  price_cents: number;
  dietary_types: string[];
  main_image_url: string;
  position: number;
}
