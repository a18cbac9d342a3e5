// fontkit ships no types: only what lib/pdf/fonts.ts uses. pdfkit (0.20.0 and later) takes a
// parsed fontkit font wherever it takes a font file; @types/pdfkit does not say so yet.
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
  }
  /** Parses a TrueType/OpenType font file (a collection needs the postscript name of one font). */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

declare namespace PDFKit.Mixins {
  interface PDFFont {
    registerFont(name: string, src: import('fontkit').Font): this;
  }
}
