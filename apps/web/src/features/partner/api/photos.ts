import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerPhoto, PartnerPhotos } from '@caterway/contracts';
import { partnerPhotoKeys, partnerPhotosClient, photoUploadPath } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { ApiError } from '../../../lib/api-client';
import { camelizeKeys } from '../../../lib/case';
import { clearSession, getToken } from '../../../stores/session';
import type { Camelize } from '../../../types/catalogue';

const client = connect(partnerPhotosClient);

export type Photos = Camelize<PartnerPhotos>;
export type Photo = Camelize<PartnerPhoto>;
export type PhotoSlot = Photos['logo'];

export const usePhotos = (chefId: number) =>
  useQuery({
    queryKey: partnerPhotoKeys.photos(chefId),
    queryFn: ({ signal }) => client.photos(chefId, { signal }),
    meta: { handlesErrors: true },
  });

export function useSetFocalPoint(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, x, y }: { photoId: number; x: number; y: number }) =>
      client.setFocalPoint(chefId, photoId, { x, y }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerPhotoKeys.photos(chefId) }),
  });
}

export function useRemovePhoto(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) => client.remove(chefId, photoId),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerPhotoKeys.photos(chefId) }),
  });
}

/**
 * Sends one photo as multipart (target first, then the file) with XMLHttpRequest, whose upload
 * progress fetch cannot report; answers the photo, or rejects with the API's error (ApiError).
 */
export function uploadPhoto(
  chefId: number,
  target: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Photo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', photoUploadPath(chefId));
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(camelizeKeys<Photo>(body));
      if (xhr.status === 401 && token) clearSession();
      reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, { error: 'The upload did not reach Caterway. Check the connection and try again.' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('target', target);
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadPhoto(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { target: string; file: File; onProgress: (fraction: number) => void }) =>
      uploadPhoto(chefId, args.target, args.file, args.onProgress),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerPhotoKeys.photos(chefId) }),
  });
}
