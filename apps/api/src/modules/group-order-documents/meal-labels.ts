import type { OrderItemRow } from '../orders/orders.types.js';
import type { MealLabel } from './labels.pdf.js';

// The meals of a combined group order's line, one per member: the label sheet and the catering
// invoice (invoices/invoice-document.ts) both list them. A helper of its own so that the
// invoices module needs nothing of this module's service (it imports the invoices service).

/** Who a line's meal is for, from its serving details: [{ items: [{ user_name, dietary_type }] }]. */
export function mealsOfLine(item: Pick<OrderItemRow, 'menu_name' | 'quantity' | 'serving_details'>): MealLabel[] {
  const people = (item.serving_details ?? [])
    .flatMap((d) => d.items ?? [])
    .filter((p) => p && typeof p.user_name === 'string');
  const labels: MealLabel[] = [];
  for (const p of people) {
    for (let i = 0; i < Math.max(1, p.quantity || 1); i++)
      labels.push({
        memberName: p.user_name.trim(),
        dietaryNeeds: (p.dietary_type ?? '').trim(),
        dish: item.menu_name,
      });
  }
  // a line without names still gets its labels, so no meal goes unlabelled
  for (let i = labels.length; i < item.quantity; i++)
    labels.push({ memberName: 'Team member', dietaryNeeds: '', dish: item.menu_name });
  return labels;
}
