// A PDF rendering thread of the piscina pool (pdf-pool.ts): pdfkit's layout and font subsetting are synchronous
// (~12 ms of CPU an invoice), so they run here, off the server's event loop. Plain JS so that it
// starts under any parent (tsx, vitest, the build's plain node): it loads the renderers the pool
// names in workerData.renderers (kind → { module, export }), registering tsx itself only when they
// are TypeScript sources (the build's are compiled JavaScript and run without tsx, decision 039).
import { parentPort } from 'node:worker_threads';
import { move, workerData } from 'piscina';

if (Object.values(workerData.renderers).some((renderer) => renderer.module.endsWith('.ts'))) {
  const { register } = await import('tsx/esm/api');
  register();
}
const renderers = Object.fromEntries(
  Object.entries(workerData.renderers).map(([kind, renderer]) => [
    kind,
    async () => (await import(renderer.module))[renderer.export],
  ]),
);
// each renderer is imported once: a dynamic import() asks tsx's loader thread to resolve the
// module again every time (~1 ms of CPU a document), even when the module is already loaded
const loaded = new Map();

/** Collects a pdfkit document (a Readable that ends after doc.end()) into one buffer. */
function collect(doc) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A piscina task: renders one document; the bytes go back to the pool without a copy. */
export default async function renderDocument({ id, kind, data }) {
  // the pool's time limit starts now
  parentPort.postMessage({ pdfStarted: id });
  const load = Object.hasOwn(renderers, kind) ? renderers[kind] : undefined;
  if (!load) throw new Error(`unknown document kind ${kind}`);
  const render = loaded.get(kind) ?? (await load());
  loaded.set(kind, render);
  const pdf = await collect(await render(data));
  const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  return move(pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? bytes : bytes.slice());
}
