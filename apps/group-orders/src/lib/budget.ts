// A member's budget on the share-link page. The server decides (it refuses a meal over the
// budget with its own message); the page shows the same arithmetic while the member chooses.

/** Budget left after the current pick: the whole budget without one, never below zero. */
export function budgetLeftCents(budgetCents: number, chosenPriceCents: number | null | undefined): number {
  return Math.max(0, budgetCents - (chosenPriceCents ?? 0));
}

/** How far a meal's price is above the budget (0 when it fits). */
export function overBudgetByCents(priceCents: number, budgetCents: number): number {
  return Math.max(0, priceCents - budgetCents);
}
