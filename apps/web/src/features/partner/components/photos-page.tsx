import { useId, useState, type DragEvent } from 'react';
import { photoRules, photoSrcset } from '@caterway/domain';
import { Button, Loading, LoadError } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../stores/notifications';
import { usePhotos, useRemovePhoto, useSetFocalPoint, useUploadPhoto, type Photo, type PhotoSlot } from '../api/photos';
import { useRestaurant } from '../api/restaurants';
import { hasRole } from '../api/types';
import { FocalPointPicker, type FocalPoint } from './focal-point-picker';
import { errorMessages, usePortalTitle } from './portal-common';
import './photos.css';

// /partner/:chefId/photos (issue 19 part 3; decision 054): the restaurant's logo, banner and a
// photo per dish. Managers, owners and operations upload (a file or a drop), move the focal point
// with live previews of the storefront's crops, and remove a photo (the generated art returns);
// staff see the same page without the controls. The API checks everything again; its messages
// are shown as they come.

export const photoPageMessages = {
  notAPhoto: 'This file is not a photo. Upload a JPEG, PNG, WebP or HEIC image.',
  tooLarge: `This photo is too large. Upload a photo of at most ${photoRules.maxMegabytes} MB.`,
  readOnly: 'Photos are changed by the owner and managers.',
} as const;

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
const PHOTO_TYPES = /^image\/(jpeg|png|webp|heic|heif)$/;

/** What the browser can tell before sending: the size, and a type that is surely no photo. */
export function precheckFile(file: File): string | null {
  if (file.size > photoRules.maxBytes) return photoPageMessages.tooLarge;
  const heicByName = /\.(heic|heif)$/i.test(file.name);
  if (file.type && !PHOTO_TYPES.test(file.type) && !heicByName) return photoPageMessages.notAPhoto;
  return null;
}

type Shape = 'logo' | 'banner' | 'card';

/** How a message names a slot's photo: "Your logo", "Your banner photo", "The photo of Samosas". */
const photoOf = (target: string, title: string) =>
  target === 'logo' ? 'Your logo' : target === 'banner' ? 'Your banner photo' : `The photo of ${title}`;

export function PhotosPage({ chefId }: { chefId: number }) {
  usePortalTitle('Photos');
  const restaurant = useRestaurant(chefId);
  const photos = usePhotos(chefId);
  const edits = restaurant.data !== undefined && hasRole(restaurant.data.role, 'manager');

  if (photos.isPending || restaurant.isPending)
    return (
      <section className="container page partner-page page-loading">
        <Loading label="Loading the photos…" />
      </section>
    );
  if (photos.isError)
    return (
      <section className="container page partner-page">
        <LoadError
          error={photos.error}
          describe={(error) => ({ notFound: false, message: errorMessages(error).join(' ') })}
          notFound={null}
          onRetry={() => void photos.refetch()}
        />
      </section>
    );

  const categories = new Map<string, typeof photos.data.dishes>();
  for (const dish of photos.data.dishes) {
    const list = categories.get(dish.categoryName) ?? [];
    list.push(dish);
    categories.set(dish.categoryName, list);
  }
  return (
    <section className="container page partner-page" aria-labelledby="partner-photos-title">
      <h1 id="partner-photos-title">Photos</h1>
      <p className="partner-muted photo-rules">
        JPEG, PNG, WebP or HEIC, up to {photoRules.maxMegabytes} MB and at least {photoRules.minWidth} ×{' '}
        {photoRules.minHeight} pixels. Until you upload a photo, the storefront shows generated art.
      </p>
      {edits ? null : <p className="partner-panel photo-read-only">{photoPageMessages.readOnly}</p>}
      <h2 className="partner-subtitle">Your restaurant</h2>
      <ul className="photo-slots photo-slots-brand">
        <li>
          <SlotCard chefId={chefId} target="logo" title="Logo" shape="logo" slot={photos.data.logo} edits={edits} />
        </li>
        <li>
          <SlotCard
            chefId={chefId}
            target="banner"
            title="Banner"
            shape="banner"
            slot={photos.data.banner}
            edits={edits}
          />
        </li>
      </ul>
      <h2 className="partner-subtitle">Dishes</h2>
      {photos.data.dishes.length === 0 ? <p className="partner-muted">Your menu has no dishes yet.</p> : null}
      {[...categories].map(([category, dishes]) => (
        <section key={category} aria-label={category}>
          <h3 className="photo-category">{category}</h3>
          <ul className="photo-slots">
            {dishes.map((dish) => (
              <li key={dish.menuId}>
                <SlotCard
                  chefId={chefId}
                  target={`dish:${dish.menuId}`}
                  title={dish.name}
                  shape="card"
                  slot={dish}
                  edits={edits}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function SlotCard({
  chefId,
  target,
  title,
  shape,
  slot,
  edits,
}: {
  chefId: number;
  target: string;
  title: string;
  shape: Shape;
  slot: PhotoSlot;
  edits: boolean;
}) {
  const upload = useUploadPhoto(chefId);
  const remove = useRemovePhoto(chefId);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const photo = slot.photo;

  const send = (file: File | undefined) => {
    if (!file) return;
    const refused = precheckFile(file);
    if (refused) {
      setErrors([refused]);
      return;
    }
    setErrors([]);
    setAdjusting(false);
    setProgress(0);
    upload.mutate(
      { target, file, onProgress: setProgress },
      {
        onSuccess: () => notifySuccess(`${photoOf(target, title)} is on the storefront.`),
        onError: (err) => setErrors(errorMessages(err)),
        onSettled: () => setProgress(null),
      },
    );
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setDragging(false);
    if (edits && progress === null) send(e.dataTransfer.files[0]);
  };

  return (
    <article
      className={`photo-slot photo-slot-${shape}${dragging ? ' photo-slot-dragging' : ''}`}
      aria-label={title}
      onDragOver={
        edits
          ? (e) => {
              e.preventDefault();
              setDragging(true);
            }
          : undefined
      }
      onDragLeave={edits ? () => setDragging(false) : undefined}
      onDrop={edits ? onDrop : undefined}
    >
      <div className="photo-slot-media">
        <SlotImage url={slot.imageUrl} shape={shape} />
        <span className={photo ? 'photo-badge photo-badge-photo' : 'photo-badge'}>
          {photo ? 'Photo' : 'Generated art'}
        </span>
      </div>
      <div className="photo-slot-body">
        <h4 className="photo-slot-title">{title}</h4>
        {photo ? (
          <p className="partner-muted photo-slot-meta">
            {photo.width} × {photo.height} px · {formatBytes(photo.bytes)}
          </p>
        ) : null}
        {progress !== null ? (
          <div className="photo-progress" role="status">
            <progress max={1} value={progress} aria-label={`Uploading the photo of ${title}`} />
            <span>{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Preparing the sizes…'}</span>
          </div>
        ) : null}
        {errors.length > 0 ? (
          <div role="alert" className="photo-errors">
            {errors.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        ) : null}
        {edits ? (
          <div className="photo-actions">
            <label
              className={`btn btn-secondary photo-file${progress !== null ? ' photo-file-busy' : ''}`}
              htmlFor={inputId}
            >
              {photo ? 'Replace photo' : 'Upload photo'}
            </label>
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              accept={ACCEPT}
              disabled={progress !== null}
              onChange={(e) => {
                send(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
            {photo ? (
              <Button variant="ghost" aria-expanded={adjusting} onClick={() => setAdjusting((a) => !a)}>
                {adjusting ? 'Close focal point' : 'Focal point'}
              </Button>
            ) : null}
            {photo && !confirming ? (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                Remove
              </Button>
            ) : null}
          </div>
        ) : null}
        {edits ? <p className="partner-muted photo-drop-hint">or drop a photo here</p> : null}
        {photo && confirming ? (
          <div className="photo-confirm" role="group" aria-label={`Remove the photo of ${title}?`}>
            <p>Remove this photo? The storefront shows the generated art again.</p>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(photo.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    notifySuccess(`${photoOf(target, title)} was removed: the generated art is back.`);
                  },
                  onError: (err) => setErrors(errorMessages(err)),
                })
              }
            >
              Remove photo
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : null}
      </div>
      {photo && adjusting && edits ? (
        <FocalEditor
          key={photo.id}
          chefId={chefId}
          photo={photo}
          title={title}
          logo={shape === 'logo'}
          what={photoOf(target, title)}
          onDone={() => setAdjusting(false)}
        />
      ) : null}
    </article>
  );
}

function SlotImage({ url, shape }: { url: string; shape: Shape }) {
  if (!url) return <span className="photo-slot-empty">No image</span>;
  const set = photoSrcset(url);
  const sizes = shape === 'banner' ? '(max-width: 700px) 100vw, 640px' : '(max-width: 700px) 50vw, 320px';
  return set ? (
    <picture>
      <source type="image/avif" srcSet={set.avif} sizes={sizes} />
      <img src={url} srcSet={set.webp} sizes={sizes} alt="" loading="lazy" />
    </picture>
  ) : (
    <img src={url} alt="" loading="lazy" />
  );
}

function FocalEditor({
  chefId,
  photo,
  title,
  logo,
  what,
  onDone,
}: {
  chefId: number;
  photo: Photo;
  title: string;
  logo: boolean;
  /** "Your banner photo", "The photo of Butter Chicken Tray" */
  what: string;
  onDone: () => void;
}) {
  const save = useSetFocalPoint(chefId);
  const [point, setPoint] = useState<FocalPoint>({ x: photo.focalX, y: photo.focalY });
  const [errors, setErrors] = useState<string[]>([]);
  const changed = Math.abs(point.x - photo.focalX) > 0.0005 || Math.abs(point.y - photo.focalY) > 0.0005;
  return (
    <div className="photo-focal-editor">
      <FocalPointPicker
        src={photo.originalUrl}
        width={photo.width}
        height={photo.height}
        value={point}
        onChange={setPoint}
        label={title}
        logo={logo}
      />
      {errors.length > 0 ? (
        <div role="alert" className="photo-errors">
          {errors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <div className="photo-actions">
        <Button
          disabled={!changed}
          busy={save.isPending}
          onClick={() =>
            save.mutate(
              { photoId: photo.id, ...point },
              {
                onSuccess: () => {
                  notifySuccess(`${what} is cropped around the new focal point.`);
                  onDone();
                },
                onError: (err) =>
                  setErrors(
                    isApiError(err) && err.status === 404
                      ? ['This photo was replaced or removed.']
                      : errorMessages(err),
                  ),
              },
            )
          }
        >
          Save focal point
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
