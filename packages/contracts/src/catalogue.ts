import { z } from 'zod';

// Catalogue wire schemas (snake_case). Later issues add presets, restaurants and search here.

/** The spec's system var types (browse-account-orders §7: GET api/v2/system_vars). */
export const systemVarTypes = ['preset_dietary_type', 'preset_cuisine_type'] as const;
export type SystemVarType = (typeof systemVarTypes)[number];

const valueTypesParam = z
  .union([z.string().max(200), z.array(z.string().max(100)).max(10)])
  .optional()
  .describe('comma-separated list of preset_dietary_type, preset_cuisine_type; both when absent');

/** Accepts value_types (our snake_case) and valueTypes (the spec's spelling). */
export const systemVarsQuerySchema = z.object({ value_types: valueTypesParam, valueTypes: valueTypesParam });
export type SystemVarsQuery = z.infer<typeof systemVarsQuerySchema>;

export const systemVarSchema = z
  .object({ id: z.number().int(), name: z.string(), icon: z.string() })
  .meta({ id: 'SystemVar' });
export type SystemVar = z.infer<typeof systemVarSchema>;

/** Only the requested types are present. */
export const systemVarsResponseSchema = z
  .object({
    preset_dietary_type: z.array(systemVarSchema).optional(),
    preset_cuisine_type: z.array(systemVarSchema).optional(),
  })
  .meta({ id: 'SystemVars' });
export type SystemVarsResponse = z.infer<typeof systemVarsResponseSchema>;

/**
 * The requested types from either spelling of the parameter: comma lists and repeated
 * parameters both work; unknown names are returned separately so the API can refuse them.
 */
export function parseSystemVarTypes(query: SystemVarsQuery): { types: SystemVarType[]; unknown: string[] } {
  const raw = [query.value_types, query.valueTypes].flat().filter((v): v is string => typeof v === 'string');
  const names = raw
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (!names.length) return { types: [...systemVarTypes], unknown: [] };
  const types = systemVarTypes.filter((t) => names.includes(t));
  const unknown = [...new Set(names.filter((n) => !(systemVarTypes as readonly string[]).includes(n)))];
  return { types, unknown };
}
