// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { photoSrcset } from '@caterway/domain';
import { Photo } from './photo';

// The storefront's image slots (decision 054): an uploaded photo is a <picture> whose AVIF and
// WebP srcsets are the domain's reading of its URL; the generated art stays a plain <img>.

const url = '/media/photos/c7/0123456789abcdef01234567-f500x300-card-400_800_1200.webp';

describe('Photo', () => {
  afterEach(cleanup);

  it('gives an uploaded photo its AVIF and WebP srcsets and sizes', () => {
    const { container } = render(<Photo src={url} sizes="96px" width={96} height={96} loading="lazy" />);
    const expected = photoSrcset(url)!;
    const source = container.querySelector('picture > source')!;
    const img = container.querySelector('picture > img')!;
    expect(source.getAttribute('type')).toBe('image/avif');
    // the same candidates as the domain's, whatever the separator
    expect(
      source
        .getAttribute('srcset')!
        .split(',')
        .map((s) => s.trim()),
    ).toEqual(expected.avif.split(', '));
    expect(
      img
        .getAttribute('srcset')!
        .split(',')
        .map((s) => s.trim()),
    ).toEqual(expected.webp.split(', '));
    expect(img.getAttribute('sizes')).toBe('96px');
    expect(img.getAttribute('src')).toBe(url);
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('keeps the generated art a plain image', () => {
    const { container } = render(<Photo src="/media/art/dish/12-bowl.svg" sizes="96px" width={96} height={96} />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/art/dish/12-bowl.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
  });
});
