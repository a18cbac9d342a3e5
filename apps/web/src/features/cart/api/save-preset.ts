import type { CheckoutLine } from '@caterway/contracts';
import { api } from '../../../lib/api-client';

// POST api/v2/presets {preset:{preset_type:'save_for_later', ...}} (ordering-payments §4
// 'Save Cart'): the server stores the draft, emails its link and answers with where it lives.

export interface SavePresetInput {
  basePresetId: number;
  name: string;
  description: string;
  /** wire lines (snake_case already; the client's snakify leaves them as they are) */
  presetItems: CheckoutLine[];
}

export interface SavedPreset {
  id: number;
  slug: string;
  sharedUrl: string;
}

export const savePreset = (input: SavePresetInput) =>
  api
    .post<{ preset: SavedPreset }>('/api/v2/presets', {
      preset: {
        presetType: 'save_for_later',
        basePresetId: input.basePresetId,
        name: input.name,
        description: input.description,
        presetItems: input.presetItems,
      },
    })
    .then((body) => body.preset);
