import { describe, expect, it } from 'vitest';
import { mealsOfLine } from './meal-labels.js';

describe('mealsOfLine: one label per meal from a combined order line', () => {
  it('names each member of the line with their dietary needs', () => {
    expect(
      mealsOfLine({
        menu_name: 'Tofu bowl',
        quantity: 1,
        serving_details: [
          { id: 'member-4', items: [{ user_name: ' Ana Souza ', quantity: 1, dietary_type: 'Vegan ' }] },
        ],
      }),
    ).toEqual([{ memberName: 'Ana Souza', dietaryNeeds: 'Vegan', dish: 'Tofu bowl' }]);
  });

  it('repeats a name for each portion it holds, and still labels portions no one was named for', () => {
    const labels = mealsOfLine({
      menu_name: 'Dal',
      quantity: 3,
      serving_details: [{ id: 1, items: [{ user_name: 'Ben', quantity: 2, dietary_type: '' }] }],
    });
    expect(labels.map((l) => l.memberName)).toEqual(['Ben', 'Ben', 'Team member']);
    expect(mealsOfLine({ menu_name: 'Dal', quantity: 1, serving_details: [] })).toEqual([
      { memberName: 'Team member', dietaryNeeds: '', dish: 'Dal' },
    ]);
  });
});
