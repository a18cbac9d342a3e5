// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerFocalPointBodySchema,
  partnerPhotoSchema,
  partnerPhotosResponseSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  type PartnerPhoto,
} from '@caterway/contracts';
import { contractBody, contractJson, setupContractServer, validationFailure } from '@caterway/contracts/testing';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { partnerRestaurant } from '../../../test/partner-wire';
import { renderPage, signIn } from '../../../test/render';
import { photoPageMessages } from './photos-page';

// The portal's Photos page (/partner/1/photos): the logo, the banner and each dish with the image
// the storefront shows; managers and owners upload, move the focal point and remove; staff look.

let role: 'owner' | 'staff';
let focalPoints: Array<{ x: number; y: number }>;
let removed: number[];
let uploads: number;

const dishPhoto: PartnerPhoto = {
  id: 44,
  target: 'dish',
  menu_id: 12,
  shape: 'card',
  url: '/media/photos/c1/0123456789abcdef01234567-f500x500-card-400_800_1200.webp',
  srcset_webp: '',
  srcset_avif: '',
  original_url: '/media/photos/c1/0123456789abcdef01234567-original.webp',
  width: 3000,
  height: 2000,
  focal_x: 0.5,
  focal_y: 0.5,
  bytes: 2_400_000,
  created_at: '2026-11-27T14:05:00Z',
};

setupContractServer(
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, { restaurants: [partnerRestaurant({ role })] }),
  ),
  http.get('/api/v2/partner/restaurants/1', () => contractJson(partnerRestaurantSchema, partnerRestaurant({ role }))),
  http.get('/api/v2/partner/restaurants/1/photos', () =>
    contractJson(partnerPhotosResponseSchema, {
      logo: { image_url: '/media/art/chef-profile/1-mk.svg', photo: null },
      banner: { image_url: '/media/art/chef-banner/1.svg', photo: null },
      dishes: [
        {
          menu_id: 12,
          name: 'Butter Chicken Tray',
          category_name: 'Mains',
          image_url: dishPhoto.url,
          photo: dishPhoto,
        },
        {
          menu_id: 13,
          name: 'Garden Salad',
          category_name: 'Sides',
          image_url: '/media/art/dish/13-bowl.svg',
          photo: null,
        },
      ],
    }),
  ),
  http.put('/api/v2/partner/restaurants/1/photos/44/focal-point', async ({ request }) => {
    const body = await contractBody(request, partnerFocalPointBodySchema);
    focalPoints.push(body);
    return contractJson(partnerPhotoSchema, { ...dishPhoto, focal_x: body.x, focal_y: body.y });
  }),
  http.delete('/api/v2/partner/restaurants/1/photos/44', () => {
    removed.push(44);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('/api/v2/partner/restaurants/1/photos', () => {
    uploads++;
    return validationFailure([
      'This photo is 700 × 500 pixels, too small. Upload a photo of at least 800 × 533 pixels.',
    ]);
  }),
);

beforeEach(() => {
  role = 'owner';
  focalPoints = [];
  removed = [];
  uploads = 0;
});

const open = () => {
  signIn();
  return renderPage(<PartnerRoutes />, { at: '/partner/1/photos', path: '/partner/*' });
};
const slot = (name: string) => screen.findByRole('article', { name });

describe('the photos page', () => {
  it('lists the logo, the banner and the dishes, with the photo as a srcset and the art as it is', async () => {
    open();
    await screen.findByRole('heading', { name: 'Photos' });
    const dish = await slot('Butter Chicken Tray');
    within(dish).getByText('Photo');
    within(dish).getByText('3000 × 2000 px · 2.3 MB');
    const img = dish.querySelector('img')!;
    expect(img.getAttribute('srcset')).toContain('-card-800.webp 800w');
    expect(dish.querySelector('source')!.getAttribute('srcset')).toContain('-card-1200.avif 1200w');
    const salad = await slot('Garden Salad');
    within(salad).getByText('Generated art');
    expect(salad.querySelector('img')!.getAttribute('src')).toBe('/media/art/dish/13-bowl.svg');
    screen.getByRole('heading', { name: 'Mains' });
    screen.getByRole('link', { name: 'Photos' });
  });

  it('moves the focal point with live previews and saves it', async () => {
    open();
    const dish = await slot('Butter Chicken Tray');
    await userEvent.click(within(dish).getByRole('button', { name: 'Focal point' }));
    const picker = within(dish).getByRole('slider', { name: 'Focal point of Butter Chicken Tray' });
    expect(within(dish).getByRole('button', { name: 'Save focal point' })).toHaveProperty('disabled', true);
    picker.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}');
    expect(picker.getAttribute('aria-valuetext')).toBe('45% from the left, 40% from the top');
    // the banner of a 3000 × 2000 photo is 750 px high: its top at 425 of the 1250 px it can move
    expect(within(dish).getByTestId('preview-banner').style.objectPosition).toBe('50% 34%');
    await userEvent.click(within(dish).getByRole('button', { name: 'Save focal point' }));
    await waitFor(() => expect(focalPoints).toEqual([{ x: 0.45, y: 0.4 }]));
  });

  it('refuses a file over 15 MB before sending it, and shows what the server refuses', async () => {
    open();
    const salad = await slot('Garden Salad');
    const input = salad.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(16 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, big);
    within(salad).getByText(photoPageMessages.tooLarge);
    expect(uploads).toBe(0);

    await userEvent.upload(input, new File([new Uint8Array(2000)], 'small.png', { type: 'image/png' }));
    await within(salad).findByText(/too small\. Upload a photo of at least 800 × 533 pixels\./);
    expect(uploads).toBe(1);

    await userEvent.upload(input, new File(['menu'], 'menu.txt', { type: 'text/plain' }), { applyAccept: false });
    within(salad).getByText(photoPageMessages.notAPhoto);
    expect(uploads).toBe(1);
  });

  it('takes a photo dropped on a slot', async () => {
    open();
    const salad = await slot('Garden Salad');
    const file = new File([new Uint8Array(2000)], 'salad.png', { type: 'image/png' });
    fireEvent.dragOver(salad, { dataTransfer: { files: [file] } });
    expect(salad.className).toContain('photo-slot-dragging');
    fireEvent.drop(salad, { dataTransfer: { files: [file] } });
    await within(salad).findByText(/at least 800 × 533 pixels/);
    expect(uploads).toBe(1);
    expect(salad.className).not.toContain('photo-slot-dragging');
  });

  it('removes a photo after asking', async () => {
    open();
    const dish = await slot('Butter Chicken Tray');
    await userEvent.click(within(dish).getByRole('button', { name: 'Remove' }));
    within(dish).getByText(/shows the generated art again/);
    await userEvent.click(within(dish).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(removed).toEqual([44]));
  });

  it('shows staff the photos without the controls', async () => {
    role = 'staff';
    open();
    const dish = await slot('Butter Chicken Tray');
    screen.getByText(photoPageMessages.readOnly);
    expect(within(dish).queryByRole('button')).toBeNull();
    expect(dish.querySelector('input[type=file]')).toBeNull();
  });
});
