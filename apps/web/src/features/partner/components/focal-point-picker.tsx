import type { KeyboardEvent, MouseEvent } from 'react';
import { cropObjectPosition, photoRatios } from '@caterway/domain';

// The focal point of a photo (decision 054): a click or tap on the photo puts it there, the arrow
// keys move it (5% a press, 1% with Shift), and the previews show the crops the storefront will
// show, computed as the API cuts them (packages/domain cropAround), with object-position.

export interface FocalPoint {
  x: number;
  y: number;
}

const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));
const percent = (v: number) => `${Math.round(v * 100)}%`;

export function FocalPointPicker({
  src,
  width,
  height,
  value,
  onChange,
  label,
  logo = false,
}: {
  /** the whole photo, upright */
  src: string;
  width: number;
  height: number;
  value: FocalPoint;
  onChange: (point: FocalPoint) => void;
  /** what the photo is, e.g. "Butter Chicken Tray" */
  label: string;
  /** also preview the logo's square (the logo's photo) */
  logo?: boolean;
}) {
  const place = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp((e.clientX - box.left) / box.width), y: clamp((e.clientY - box.top) / box.height) });
  };
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 0.01 : 0.05;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = moves[e.key];
    if (!d) return;
    e.preventDefault();
    onChange({ x: clamp(value.x + d[0]), y: clamp(value.y + d[1]) });
  };
  const description = `${percent(value.x)} from the left, ${percent(value.y)} from the top`;
  return (
    <div className="photo-focal">
      <div
        className="photo-focal-image"
        role="slider"
        tabIndex={0}
        aria-label={`Focal point of ${label}`}
        aria-valuetext={description}
        aria-valuenow={Math.round(value.x * 100)}
        aria-valuemin={0}
        aria-valuemax={100}
        onClick={place}
        onKeyDown={move}
        // the box has the photo's own shape (at most 420 px high), so a point in it is a point of the photo
        style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, ${Math.round((420 * width) / height)}px)` }}
      >
        <img src={src} alt="" draggable={false} />
        <span
          className="photo-focal-marker"
          aria-hidden="true"
          style={{ left: percent(value.x), top: percent(value.y) }}
        />
      </div>
      <p className="photo-focal-help muted">
        Click or tap the part that matters most, or use the arrow keys. Now: {description}.
      </p>
      <div className="photo-previews" aria-label="How the storefront will crop it">
        {logo ? (
          <Preview src={src} width={width} height={height} value={value} shape="logo" title="Logo (1:1)" />
        ) : null}
        <Preview src={src} width={width} height={height} value={value} shape="card" title="Card (3:2)" />
        <Preview src={src} width={width} height={height} value={value} shape="banner" title="Banner (4:1)" />
      </div>
    </div>
  );
}

function Preview({
  src,
  width,
  height,
  value,
  shape,
  title,
}: {
  src: string;
  width: number;
  height: number;
  value: FocalPoint;
  shape: 'card' | 'banner' | 'logo';
  title: string;
}) {
  const ratio = photoRatios[shape];
  const position = cropObjectPosition(width, height, ratio, value.x, value.y);
  return (
    <figure className={`photo-preview photo-preview-${shape}`}>
      <img
        src={src}
        alt=""
        data-testid={`preview-${shape}`}
        style={{ aspectRatio: String(ratio), objectPosition: `${position.x}% ${position.y}%` }}
      />
      <figcaption>{title}</figcaption>
    </figure>
  );
}
