import type { Readable } from 'node:stream';
import type { PartnerPhoto, PartnerPhotos } from '@caterway/contracts';
import { photoSrcset, type PhotoShape } from '@caterway/domain';
import type { Db } from '../../db/pool.js';
import { withTransaction } from '../../db/pool.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Storage } from '../../ports/storage.js';
import { createCatalogueChangesService, type RestaurantActor } from '../catalogue-changes/catalogue-changes.service.js';
import { decodePhoto, renderShape } from './photo-processing.js';
import { createPhotosRepository, type PhotoRow, type PhotoTarget, type PhotoVariants } from './photos.repository.js';

const SHAPE_OF: Record<PhotoTarget, PhotoShape> = { logo: 'logo', banner: 'banner', dish: 'card' };
const LABEL_OF: Record<PhotoTarget, string> = { logo: 'the logo', banner: 'the banner', dish: 'a dish' };

export const photoServiceMessages = {
  busy: 'Too many photos are being processed right now. Please try again in a few seconds.',
  dishNotFound: 'This dish is not on your menu.',
} as const;

export interface PhotoSlot {
  target: PhotoTarget;
  menuId: number | null;
}

/** target = logo | banner | dish:<menuId> (checked by the contract's pattern). */
export function parseTarget(value: string): PhotoSlot | null {
  if (value === 'logo' || value === 'banner') return { target: value, menuId: null };
  const m = /^dish:([1-9]\d{0,15})$/.exec(value);
  const menuId = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(menuId) ? { target: 'dish', menuId } : null;
}

/**
 * At most `running` photos are decoded and encoded at once (libvips works in libuv's thread pool,
 * off the event loop, and each photo keeps a few threads busy); a few more wait, and past that an
 * upload is answered 503 with Retry-After instead of queueing minutes of work.
 */
export function createGate(running: number, waiting: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  return async function gated<T>(fn: () => Promise<T>): Promise<T> {
    if (active >= running) {
      if (queue.length >= waiting) {
        throw new AppError('unavailable', photoServiceMessages.busy, { headers: { 'retry-after': '5' } });
      }
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      active++;
    }
    try {
      return await fn();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}

const focalTag = (x: number, y: number) => `f${Math.round(x * 1000)}x${Math.round(y * 1000)}`;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createPhotosService(deps: { db: Db; storage: Storage }) {
  const repo = createPhotosRepository(deps.db);
  const changes = createCatalogueChangesService(deps.db);
  const gated = createGate(2, 8);

  /** Crops the original for a focal point and stores every variant; answers what the row keeps. */
  async function storeCrops(
    chefId: number,
    hash: string,
    original: Buffer,
    size: { width: number; height: number },
    shape: PhotoShape,
    focal: { x: number; y: number },
  ): Promise<PhotoVariants> {
    const { widths, variants } = await renderShape(original, size, shape, focal);
    const stem = `photos/c${chefId}/${hash}-${focalTag(focal.x, focal.y)}-${shape}`;
    const keys: string[] = [];
    for (const v of variants) {
      const key = `${stem}-${v.width}.${v.format}`;
      await deps.storage.put(key, v.data, `image/${v.format}`);
      keys.push(key);
    }
    return { shape, url: `/media/${stem}-${widths.join('_')}.webp`, widths, keys };
  }

  /** Removes stored objects no photo row names any more (after a replace, a new focal point or a removal). */
  async function dropUnused(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      if (!(await repo.keyInUse(key))) await deps.storage.delete(key);
    }
  }

  function toWire(row: PhotoRow): PartnerPhoto {
    const srcset = photoSrcset(row.variants.url) ?? { webp: '', avif: '' };
    return {
      id: row.id,
      target: row.target,
      menu_id: row.menu_id,
      shape: row.variants.shape,
      url: row.variants.url,
      srcset_webp: srcset.webp,
      srcset_avif: srcset.avif,
      original_url: `/media/${row.original_key}`,
      width: row.width,
      height: row.height,
      focal_x: row.focal_x,
      focal_y: row.focal_y,
      bytes: row.bytes,
      created_at: row.created_at.toISOString(),
    };
  }

  const auditView = (row: PhotoRow | null, imageUrl: string) =>
    row
      ? { url: row.variants.url, focal_x: row.focal_x, focal_y: row.focal_y, width: row.width, height: row.height }
      : { url: imageUrl };

  return {
    toWire,

    async list(chefId: number): Promise<PartnerPhotos> {
      const [chef, dishes, photos] = await Promise.all([
        repo.chefImages(chefId),
        repo.dishes(chefId),
        repo.list(chefId),
      ]);
      if (!chef) throw notFound();
      const find = (target: PhotoTarget, menuId: number | null) => {
        const row = photos.find((p) => p.target === target && p.menu_id === menuId);
        return row ? toWire(row) : null;
      };
      return {
        logo: { image_url: chef.profile_image_url, photo: find('logo', null) },
        banner: { image_url: chef.main_image_url, photo: find('banner', null) },
        dishes: dishes.map((d) => ({
          menu_id: d.id,
          name: d.name,
          category_name: d.category_name,
          image_url: d.main_image_url,
          photo: find('dish', d.id),
        })),
      };
    },

    /** Checks that a dish slot names a dish of this restaurant (404 otherwise) before the upload is read. */
    async assertSlot(chefId: number, slot: PhotoSlot): Promise<void> {
      if (slot.target !== 'dish') return;
      const dish = await repo.dishForUpdate(deps.db, chefId, slot.menuId!);
      if (!dish) throw notFound(photoServiceMessages.dishNotFound);
    },

    async upload(chefId: number, actor: RestaurantActor, slot: PhotoSlot, upload: Buffer): Promise<PartnerPhoto> {
      const shape = SHAPE_OF[slot.target];
      const focal = { x: 0.5, y: 0.5 };
      const stored: string[] = [];
      const { decoded, variants } = await gated(async () => {
        const decoded = await decodePhoto(upload);
        const originalKey = `photos/c${chefId}/${decoded.hash}-original.webp`;
        await deps.storage.put(originalKey, decoded.original, 'image/webp');
        stored.push(originalKey);
        const variants = await storeCrops(chefId, decoded.hash, decoded.original, decoded, shape, focal);
        stored.push(...variants.keys);
        return { decoded, variants };
      });
      try {
        const { row, previous } = await withTransaction(deps.db, async (tx) => {
          let current: string;
          let name = '';
          if (slot.target === 'dish') {
            const dish = await repo.dishForUpdate(tx, chefId, slot.menuId!);
            if (!dish) throw notFound(photoServiceMessages.dishNotFound);
            current = dish.main_image_url;
            name = dish.name;
          } else {
            const chef = await repo.chefImages(chefId, tx);
            if (!chef) throw notFound();
            current = slot.target === 'logo' ? chef.profile_image_url : chef.main_image_url;
          }
          const previous = await repo.slotForUpdate(tx, chefId, slot.target, slot.menuId);
          if (previous) await repo.remove(tx, previous.id);
          const row = await repo.insert(tx, {
            chef_id: chefId,
            menu_id: slot.menuId,
            target: slot.target,
            content_hash: decoded.hash,
            original_key: `photos/c${chefId}/${decoded.hash}-original.webp`,
            variants,
            width: decoded.width,
            height: decoded.height,
            focal_x: focal.x,
            focal_y: focal.y,
            bytes: upload.byteLength,
            // the art (or whatever the catalogue showed) before the first photo of the slot
            replaced_url: previous ? previous.replaced_url : current,
            created_by: actor.userId,
          });
          await repo.replaceCatalogueUrl(tx, { chefId, ...slot }, current, variants.url);
          await changes.record(
            tx,
            actor,
            {
              chefId,
              entity: 'photo',
              entityId: row.id,
              action: 'upload',
              summary: `Uploaded a photo for ${slot.target === 'dish' ? name : LABEL_OF[slot.target]}`,
              before: auditView(previous, current),
              after: auditView(row, variants.url),
            },
            { catalogue: true },
          );
          return { row, previous };
        });
        if (previous) await dropUnused([previous.original_key, ...previous.variants.keys]);
        return toWire(row);
      } catch (err) {
        await dropUnused(stored).catch(() => undefined);
        throw err;
      }
    },

    async setFocalPoint(
      chefId: number,
      actor: RestaurantActor,
      photoId: number,
      focal: { x: number; y: number },
    ): Promise<PartnerPhoto> {
      const photo = await repo.byId(chefId, photoId);
      if (!photo) throw notFound();
      const shape = SHAPE_OF[photo.target];
      const variants = await gated(async () => {
        const object = await deps.storage.get(photo.original_key);
        if (!object) throw new AppError('internal', 'The original of this photo is missing. Upload it again.');
        const original = await readAll(object.body);
        return storeCrops(chefId, photo.content_hash, original, photo, shape, focal);
      });
      try {
        const { row, before } = await withTransaction(deps.db, async (tx) => {
          const before = await repo.byIdForUpdate(tx, chefId, photoId);
          // removed or replaced while the crops were made
          if (!before || before.content_hash !== photo.content_hash) throw notFound();
          const row = await repo.setFocalPoint(tx, photoId, focal, variants);
          await repo.replaceCatalogueUrl(
            tx,
            { chefId, target: row.target, menuId: row.menu_id },
            before.variants.url,
            variants.url,
          );
          await changes.record(
            tx,
            actor,
            {
              chefId,
              entity: 'photo',
              entityId: row.id,
              action: 'focal_point',
              summary: `Moved the focal point of the photo of ${row.target === 'dish' ? 'a dish' : LABEL_OF[row.target]}`,
              before: auditView(before, before.variants.url),
              after: auditView(row, row.variants.url),
            },
            { catalogue: true },
          );
          return { row, before };
        });
        const kept = new Set(row.variants.keys);
        await dropUnused(before.variants.keys.filter((k) => !kept.has(k)));
        return toWire(row);
      } catch (err) {
        await dropUnused(variants.keys).catch(() => undefined);
        throw err;
      }
    },

    async remove(chefId: number, actor: RestaurantActor, photoId: number): Promise<void> {
      const removed = await withTransaction(deps.db, async (tx) => {
        const row = await repo.byIdForUpdate(tx, chefId, photoId);
        if (!row) throw notFound();
        await repo.remove(tx, row.id);
        await repo.replaceCatalogueUrl(
          tx,
          { chefId, target: row.target, menuId: row.menu_id },
          row.variants.url,
          row.replaced_url,
        );
        await changes.record(
          tx,
          actor,
          {
            chefId,
            entity: 'photo',
            entityId: row.id,
            action: 'delete',
            summary: `Removed the photo of ${row.target === 'dish' ? 'a dish' : LABEL_OF[row.target]}`,
            before: auditView(row, row.variants.url),
            after: { url: row.replaced_url },
          },
          { catalogue: true },
        );
        return row;
      });
      await dropUnused([removed.original_key, ...removed.variants.keys]);
    },

    /** A stored variant for the public route: its key from the URL's file name, or null. */
    keyOfPublicFile(folder: string, file: string): string | null {
      if (!/^c[1-9]\d{0,15}$/.test(folder)) return null;
      const many = /^([0-9a-f]{24}-f\d{1,4}x\d{1,4}-(?:card|banner|logo)-)(\d+(?:_\d+)+)\.webp$/.exec(file);
      if (many) {
        // the catalogue's URL names every width: a plain <img> of it gets the middle one
        const widths = many[2]!.split('_');
        return `photos/${folder}/${many[1]}${widths[Math.floor(widths.length / 2)]}.webp`;
      }
      if (/^[0-9a-f]{24}-(original\.webp|f\d{1,4}x\d{1,4}-(card|banner|logo)-\d+\.(webp|avif))$/.test(file)) {
        return `photos/${folder}/${file}`;
      }
      return null;
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
