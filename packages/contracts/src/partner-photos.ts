import { z } from 'zod';
import { photoShapes } from '@caterway/domain';
import { partnerRestaurantParamsSchema } from './partner.js';

// A restaurant's photos (issue 19 part 3; decision 054): its logo, its banner and one photo a
// dish, uploaded as multipart (field `target`: logo | banner | dish:<menuId>, field `file`),
// re-encoded to WebP and AVIF crops around a focal point the portal chooses.

export const partnerPhotoSchema = z
  .object({
    id: z.number().int(),
    target: z.enum(['logo', 'banner', 'dish']),
    menu_id: z.number().int().nullable(),
    shape: z.enum(photoShapes),
    /** the URL the catalogue now shows (its largest useful crop) */
    url: z.string(),
    srcset_webp: z.string(),
    srcset_avif: z.string(),
    /** the whole photo, upright, for the focal point picker */
    original_url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    focal_x: z.number().min(0).max(1),
    focal_y: z.number().min(0).max(1),
    /** the upload's size */
    bytes: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'PartnerPhoto' });
export type PartnerPhoto = z.infer<typeof partnerPhotoSchema>;

const slotSchema = z.object({
  /** what the storefront shows now: the photo's URL, or the generated art */
  image_url: z.string(),
  photo: partnerPhotoSchema.nullable(),
});

/** GET api/v2/partner/restaurants/{chefId}/photos */
export const partnerPhotosResponseSchema = z.object({
  logo: slotSchema,
  banner: slotSchema,
  dishes: z.array(
    slotSchema.extend({
      menu_id: z.number().int(),
      name: z.string(),
      category_name: z.string(),
    }),
  ),
});
export type PartnerPhotos = z.infer<typeof partnerPhotosResponseSchema>;
export type PartnerPhotoSlot = z.infer<typeof slotSchema>;

export const partnerPhotoParamsSchema = partnerRestaurantParamsSchema.extend({
  photoId: z.coerce.number().int().positive(),
});

/** PUT .../photos/{photoId}/focal-point: where the crops centre, 0..1 from the left and the top */
export const partnerFocalPointBodySchema = z.object({
  x: z.number().min(0, 'x must be between 0 and 1').max(1, 'x must be between 0 and 1'),
  y: z.number().min(0, 'y must be between 0 and 1').max(1, 'y must be between 0 and 1'),
});
export type PartnerFocalPointBody = z.infer<typeof partnerFocalPointBodySchema>;

/** `target` of an upload */
export const photoTargetSchema = z
  .string()
  .regex(/^(logo|banner|dish:[1-9]\d{0,15})$/, 'target must be logo, banner or dish:<menu id>');

/** The multipart body of an upload, as OpenAPI documents it (the route reads the stream itself). */
export const partnerPhotoUploadBodyDoc = {
  type: 'object',
  required: ['target', 'file'],
  properties: {
    target: { type: 'string', description: 'logo, banner or dish:<menu id>' },
    file: {
      type: 'string',
      format: 'binary',
      description: 'JPEG, PNG, WebP or HEIC, at most 15 MB, at least 800 × 533 px',
    },
  },
} as const;
