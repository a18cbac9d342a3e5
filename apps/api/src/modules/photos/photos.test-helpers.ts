// Helpers for the photos module's tests (not loaded by the app).
import sharp from 'sharp';

/** A real photo made with sharp: a gradient-ish scene of the given size, as JPEG (or PNG). */
export async function makePhoto(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const stripe = await sharp({
    create: { width: Math.max(1, Math.round(width / 3)), height, channels: 3, background: '#c33' },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#3a6' } }).composite([
    { input: stripe, left: 0, top: 0 },
  ]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 75 }).toBuffer();
}

/** A multipart/form-data body with the fields in order (a file as { filename, type, data }). */
export function multipartBody(
  fields: Array<[name: string, value: string | { filename: string; type: string; data: Buffer }]>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----caterway${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(parts);
  return {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(payload.length) },
  };
}
