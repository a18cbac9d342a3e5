// Renders a PDF page to an image (pdfjs-dist's legacy build on @napi-rs/canvas) and reads its
// text with where each piece sits, so a test can check that a text is both in the document and
// drawn on the picture (ink under its box), not only present in the file.
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface RenderedPage {
  width: number;
  height: number;
  png: Buffer;
  /** the page's text pieces joined in reading order */
  text: string;
  /** true when the text is on the page and its box on the image holds dark pixels */
  inked(needle: string): boolean;
}

export async function renderPdfPage(
  pdf: Uint8Array,
  pageNumber = 1,
  scale = 1.5,
): Promise<RenderedPage & { pages: number }> {
  const doc = await getDocument({ data: pdf, disableFontFace: true, useSystemFonts: false, isEvalSupported: false })
    .promise;
  try {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdfjs draws on any 2D context with the browser canvas API
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const content = await page.getTextContent();
    const items = content.items.flatMap((i) =>
      'str' in i ? [{ str: i.str, transform: i.transform as number[], width: i.width, height: i.height }] : [],
    );
    const text = items
      .map((i) => i.str)
      .join(' ')
      .replace(/\s+/g, ' ');

    const darkIn = (x0: number, y0: number, x1: number, y1: number) => {
      let dark = 0;
      for (let y = Math.max(0, Math.floor(y0)); y < Math.min(canvas.height, Math.ceil(y1)); y++) {
        for (let x = Math.max(0, Math.floor(x0)); x < Math.min(canvas.width, Math.ceil(x1)); x++) {
          const o = (y * canvas.width + x) * 4;
          if (pixels[o]! + pixels[o + 1]! + pixels[o + 2]! < 3 * 200) dark++;
        }
      }
      return dark;
    };
    return {
      pages: doc.numPages,
      width: canvas.width,
      height: canvas.height,
      png: canvas.toBuffer('image/png'),
      text,
      inked(needle: string) {
        const item = items.find((i) => i.str.includes(needle));
        if (!item) return false;
        // PDF space (origin bottom left) to image space
        const [x, y] = viewport.convertToViewportPoint(item.transform[4]!, item.transform[5]!) as [number, number];
        const w = item.width * scale;
        const h = (item.height || Math.abs(item.transform[3]!)) * scale;
        return darkIn(x, y - h, x + w, y + 1) > 10;
      },
    };
  } finally {
    await doc.destroy();
  }
}
