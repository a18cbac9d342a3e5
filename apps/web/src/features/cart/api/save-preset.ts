import type { CheckoutLine, SavePresetBody } from '@caterway/contracts';
import { accountClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// POST api/v2/presets {preset:{preset_type:'save_for_later', ...}} (ordering-payments §4
// 'Save Cart'): the server stores the draft, emails its link and answers with where it lives.

const account = connect(accountClient);

/** The saved cart's name, description and base preset; its lines in wire shape already. */
export type SavePresetInput = Omit<Camelize<SavePresetBody['preset']>, 'presetType' | 'presetItems'> & {
  presetItems: CheckoutLine[];
};

export const savePreset = (input: SavePresetInput) =>
  account.saveCart({
    preset: {
      preset_type: 'save_for_later',
      base_preset_id: input.basePresetId,
      name: input.name,
      description: input.description,
      preset_items: input.presetItems,
    },
  });
