// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FocalPointPicker, type FocalPoint } from './focal-point-picker';

// The focal point picker (decision 054): a click or tap sets the point, the arrow keys move it,
// and the card and banner previews show the crops the API will cut (object-position).

function Harness({ start, width = 3000, height = 2000 }: { start: FocalPoint; width?: number; height?: number }) {
  const [point, setPoint] = useState(start);
  return (
    <>
      <FocalPointPicker
        src="/photo.webp"
        width={width}
        height={height}
        value={point}
        onChange={setPoint}
        label="Banner"
      />
      <output data-testid="point">{`${point.x},${point.y}`}</output>
    </>
  );
}

const picker = () => screen.getByRole('slider', { name: 'Focal point of Banner' });
const point = () => screen.getByTestId('point').textContent;
const position = (shape: 'card' | 'banner') => screen.getByTestId(`preview-${shape}`).style.objectPosition;

describe('the focal point picker', () => {
  afterEach(cleanup);

  it('puts the point where the photo is clicked or tapped', () => {
    render(<Harness start={{ x: 0.5, y: 0.5 }} />);
    const image = picker();
    image.getBoundingClientRect = () => ({
      left: 100,
      top: 50,
      width: 600,
      height: 400,
      right: 700,
      bottom: 450,
      x: 100,
      y: 50,
      toJSON() {},
    });
    fireEvent.click(image, { clientX: 250, clientY: 370 });
    expect(point()).toBe('0.25,0.8');
    expect(image.getAttribute('aria-valuetext')).toBe('25% from the left, 80% from the top');
    // the banner (4:1) is the full width, 750 px high, its top at 1225 of the 1250 px it can move
    expect(position('banner')).toBe('50% 98%');
    // the card (3:2) of a 3:2 photo is the whole photo
    expect(position('card')).toBe('50% 50%');
  });

  it('moves with the arrow keys, 5% a press and 1% with Shift, never past the edges', () => {
    render(<Harness start={{ x: 0.5, y: 0.5 }} />);
    const image = picker();
    fireEvent.keyDown(image, { key: 'ArrowUp' });
    fireEvent.keyDown(image, { key: 'ArrowUp' });
    expect(point()).toBe('0.5,0.4');
    fireEvent.keyDown(image, { key: 'ArrowRight', shiftKey: true });
    expect(point()).toBe('0.51,0.4');
    for (let i = 0; i < 30; i++) fireEvent.keyDown(image, { key: 'ArrowLeft' });
    expect(point()).toBe('0,0.4');
  });

  it('previews the crops as the API cuts them', () => {
    // a portrait photo: the card and the banner both take its full width, and slide up and down
    render(<Harness start={{ x: 0.5, y: 0.1 }} width={2000} height={3000} />);
    expect(position('card')).toBe('50% 0%');
    // the banner is 500 px high: centred at 300 px its top is at 50 of 2500
    expect(position('banner')).toBe('50% 2%');
    for (let i = 0; i < 4; i++) fireEvent.keyDown(picker(), { key: 'ArrowDown' });
    // at 30%: the banner's top at 650, the card's (1333 px high) at 234 of 1667
    expect(position('banner')).toBe('50% 26%');
    expect(position('card')).toBe('50% 14%');
  });
});
