import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PartnerDish as WireDish,
  PartnerDishBody,
  PartnerMenu as WireMenu,
  PartnerOptionBody,
  PartnerPreset as WirePreset,
  PartnerPresetBody,
} from '@caterway/contracts';
import { partnerMenuClient, partnerMenuKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// The menu editor's data (decision 052): the menu as categories of dishes with their options, and
// the restaurant's catering presets. Writes answer the dish or the menu, which replace what the
// page shows; a stale dish edit is 409 and the page offers to reload.

const menuApi = connect(partnerMenuClient);

export type EditorMenu = Camelize<WireMenu>;
export type EditorDish = Camelize<WireDish>;
export type EditorPreset = Camelize<WirePreset>;
export type { PartnerDishBody, PartnerOptionBody, PartnerPresetBody };

export const useMenu = (chefId: number) =>
  useQuery({
    queryKey: partnerMenuKeys.menu(chefId),
    queryFn: ({ signal }) => menuApi.menu(chefId, { signal }),
    meta: { handlesErrors: true },
  });

export const usePresets = (chefId: number) =>
  useQuery({
    queryKey: partnerMenuKeys.presets(chefId),
    queryFn: ({ signal }) => menuApi.presets(chefId, { signal }),
    meta: { handlesErrors: true },
  });

/** Every change of the menu: the menu (and the presets, whose prices follow the dishes) are read again. */
function useMenuChange<A, R>(chefId: number, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerMenuKeys.menu(chefId), exact: true }),
        queryClient.invalidateQueries({ queryKey: partnerMenuKeys.presets(chefId) }),
      ]),
  });
}

export function useMenuEditor(chefId: number) {
  return {
    saveDish: useMenuChange(chefId, (a: { dishId: number | null; body: PartnerDishBody & { updated_at?: string } }) =>
      a.dishId === null
        ? menuApi.createDish(chefId, a.body)
        : menuApi.updateDish(chefId, a.dishId, { ...a.body, updated_at: a.body.updated_at ?? '' }),
    ),
    deleteDish: useMenuChange(chefId, (dishId: number) => menuApi.deleteDish(chefId, dishId)),
    moveDish: useMenuChange(chefId, (a: { dishId: number; category: string; index: number }) =>
      menuApi.moveDish(chefId, a.dishId, { category_name: a.category, index: a.index }),
    ),
    saveOption: useMenuChange(chefId, (a: { dishId: number; optionId: number | null; body: PartnerOptionBody }) =>
      a.optionId === null
        ? menuApi.createOption(chefId, a.dishId, a.body)
        : menuApi.updateOption(chefId, a.dishId, a.optionId, a.body),
    ),
    deleteOption: useMenuChange(chefId, (a: { dishId: number; optionId: number }) =>
      menuApi.deleteOption(chefId, a.dishId, a.optionId),
    ),
    addCategory: useMenuChange(chefId, (name: string) => menuApi.createCategory(chefId, name)),
    renameCategory: useMenuChange(chefId, (a: { from: string; to: string }) =>
      menuApi.renameCategory(chefId, a.from, a.to),
    ),
    reorderCategories: useMenuChange(chefId, (names: string[]) => menuApi.reorderCategories(chefId, names)),
    deleteCategory: useMenuChange(chefId, (name: string) => menuApi.deleteCategory(chefId, name)),
    savePreset: useMenuChange(chefId, (a: { presetId: number | null; body: PartnerPresetBody }) =>
      a.presetId === null ? menuApi.createPreset(chefId, a.body) : menuApi.updatePreset(chefId, a.presetId, a.body),
    ),
  };
}
