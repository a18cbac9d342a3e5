import type { PartnerFocalPointBody, PartnerPhoto, PartnerPhotos } from '../partner-photos.js';
import type { CallOptions, Transport } from './transport.js';

// A restaurant's photos in the portal (issue 19 part 3; decision 054). The upload itself is
// multipart with progress: each app sends it its own way (the storefront: XMLHttpRequest) to
// photoUploadPath.

const photos = (chefId: number) => `/api/v2/partner/restaurants/${chefId}/photos`;

/** POST multipart/form-data: target (logo | banner | dish:<menu id>), then file; answers 201 PartnerPhoto */
export const photoUploadPath = photos;

export const partnerPhotoKeys = {
  photos: (chefId: number) => ['partner', 'restaurant', chefId, 'photos'] as const,
};

export function partnerPhotosClient(send: Transport) {
  return {
    /** GET .../photos: the logo, the banner and every dish, with their photos or the art they show */
    photos: (chefId: number, o?: CallOptions) => send<PartnerPhotos>('GET', photos(chefId), o),
    /** PUT .../photos/{photoId}/focal-point: the crops are made again around the point */
    setFocalPoint: (chefId: number, photoId: number, body: PartnerFocalPointBody, o?: CallOptions) =>
      send<PartnerPhoto>('PUT', `${photos(chefId)}/${photoId}/focal-point`, { ...o, body }),
    /** DELETE .../photos/{photoId}: the storefront shows the generated art again */
    remove: (chefId: number, photoId: number, o?: CallOptions) =>
      send<void>('DELETE', `${photos(chefId)}/${photoId}`, o),
  };
}
