import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

// DejaVu Sans regular and bold for every PDF (invoices, label sheets): pdfkit's built-in fonts
// are WinAnsi only, so names like "Crème brûlée" or "Œufs" need an embedded font.
//
// The fonts are read and parsed once per thread and the parsed fontkit fonts are handed to
// pdfkit (which takes them as font sources since 0.20.0). Handing pdfkit the file's bytes
// instead makes it parse the whole TTF again for every document, and fontkit then decodes
// the glyph, metrics and OpenType layout tables afresh on first use: that was ~30 of the 42-45
// ms of CPU an invoice cost (bench/README.md, "Invoice PDFs: where the time goes"). A parsed font
// is only read by a document (its glyphs and tables are cached on first use); what belongs to
// a document, the subset of glyphs it embeds, is made by pdfkit per document (createSubset).

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: fontkit.Font; bold: fontkit.Font }> | undefined;

/** DejaVu Sans regular and bold, read and parsed once, shared by every document of the thread. */
export function loadFonts() {
  fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular: fontkit.create(regular), bold: fontkit.create(bold) }));
  return fonts;
}
