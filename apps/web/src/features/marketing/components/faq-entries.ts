import { SUPPORT_EMAIL } from '../../../config/app';

// The ten questions of /faq (ordering-payments §2 'About page; FAQ with a searchable accordion
// of 10 questions, anchors by hash'). Answers state the product's real rules: lead times
// (§8: most vendors need 24 h, some 48 h), vendor minimums, editing until processed,
// card and Canadian pre-authorized debit, group orders, invoices, dietary labels, delivery
// fee ranges by distance, tax (§9) and support. The id is the hash anchor: /faq#order-notice.

export interface FaqEntry {
  id: string;
  question: string;
  answer: string[];
}

export const faqEntries: FaqEntry[] = [
  {
    id: 'order-notice',
    question: 'How far in advance do I need to place an order?',
    answer: [
      'Most restaurants need 24 hours notice; a few need 48 hours for larger menus. Each restaurant page shows its notice, for example "Requires 24 hours notice", and the checkout only offers delivery times that respect it.',
      'If you cannot find a restaurant for your date, try a later date or time: more restaurants become available as the notice period is met.',
    ],
  },
  {
    id: 'order-minimum',
    question: 'Is there a minimum order?',
    answer: [
      'Each restaurant sets its own minimum order amount, and some dishes have a minimum quantity (shown as "Min 5", for example). The cart tells you when a restaurant\'s minimum is not met yet, so you can add items or increase quantities before you check out.',
    ],
  },
  {
    id: 'change-or-cancel',
    question: 'Can I change or cancel my order?',
    answer: [
      'Yes, until the restaurant processes it. Open Orders from your account menu, choose the upcoming order and use Edit or Cancel. Once an order is processed the kitchen has started preparing it; contact support and we will do what we can.',
      "Need a few more items after that? Delivered-from-catering orders can take an add-on order within the restaurant's limits.",
    ],
  },
  {
    id: 'payment-methods',
    question: 'How can I pay?',
    answer: [
      'By credit card, or in Canada by pre-authorized bank debit (EFT) with restaurants that accept it. Save your cards and bank accounts under Payment Methods and choose a default one.',
      'Your card is authorized when you order and charged once the order is processed, so an order you cancel before then costs nothing.',
    ],
  },
  {
    id: 'group-orders',
    question: 'Can everyone on my team choose their own meal?',
    answer: [
      'Yes, with a group order. Pick a restaurant, set a budget per person and a cut-off time (5:00 PM the day before by default), and share the link. Each team member chooses a meal within the budget; at the cut-off we send one combined order, labelled with names, for delivery at your chosen time (11:30 AM by default).',
      'For daily or weekly team lunches, see Daily Lunches.',
    ],
  },
  {
    id: 'invoices',
    question: 'Do I get an invoice for my order?',
    answer: [
      'Yes. Every delivered order has a PDF invoice you can download from the order details under Orders, with the tax shown separately. The Reports page lists your spending by delivery date and restaurant with your PO numbers and cost centres, and Export CSV downloads it as a spreadsheet file, each tax in its own column, for your expense reports.',
    ],
  },
  {
    id: 'dietary-needs',
    question: 'How do you handle dietary needs and allergies?',
    answer: [
      'Every dish is labelled with its dietary types, such as vegetarian, vegan, gluten-free or halal, so you can build a menu that works for everyone. You can add special instructions to each item and note who each meal is for.',
      'Restaurants prepare food in shared kitchens. For severe allergies, tell us in the instructions and ask the restaurant through support before ordering.',
    ],
  },
  {
    id: 'delivery-fees',
    question: 'How much does delivery cost?',
    answer: [
      'The delivery fee depends on the distance between the restaurant and your address. Each restaurant page lists its fee for each distance range, and the exact fee for your address appears in the order summary before you pay. Pickup orders have no delivery fee.',
    ],
  },
  {
    id: 'tax',
    question: 'How is tax calculated?',
    answer: [
      "We apply the sales tax of the restaurant's province or state (for example 13% HST in Ontario) to the food, the delivery fee and any cutlery, plates and napkins you add ($0.50 per set). The total shown before you pay includes tax and delivery and is the final charge to your card.",
    ],
  },
  {
    id: 'support',
    question: 'How do I reach support?',
    answer: [
      `Email us at ${SUPPORT_EMAIL} with your order number and we will get back to you within business hours, usually within the hour. For a delivery that is running late today, put "Urgent" in the subject line so we see it first.`,
    ],
  },
];

/** Case-insensitive match on the question and the answer; every word of the query must appear. */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = `${entry.question} ${entry.answer.join(' ')}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
