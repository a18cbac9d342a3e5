// Shapes of the order-history reads that other modules use (layer 5 of .dependency-cruiser.cjs).

export interface InvoiceChefRow {
  business_name: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  country: string;
}
