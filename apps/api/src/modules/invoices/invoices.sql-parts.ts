// SQL parts on the invoices table that other modules' repositories put in their statements
// (orders, order history); layer 5 of .dependency-cruiser.cjs.

/**
 * A column for another module's read of catering_orders aliased `order`: whether the order has
 * an invoice (an issued invoice stays downloadable whatever the order's status; decision 034).
 */
export const hasInvoiceColumn = (order: string) =>
  `EXISTS (SELECT 1 FROM invoices WHERE invoices.catering_order_id = ${order}.id) AS has_invoice`;
