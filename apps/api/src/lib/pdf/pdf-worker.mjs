// A PDF rendering thread (pdf-pool.ts): pdfkit's layout and font subsetting are synchronous
// (~12 ms of CPU an invoice), so they run here, off the server's event loop. Plain JS so that it
// starts under any parent (tsx, vitest, the build's plain node): it loads the renderers the pool
// names in workerData.renderers (kind → { module, export }), registering tsx itself only when they
// are TypeScript sources (the build's are compiled JavaScript and run without tsx, decision 039).
import { parentPort, workerData } from 'node:worker_threads';

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

parentPort.on('message', async ({ id, kind, data }) => {
  try {
    const load = Object.hasOwn(renderers, kind) ? renderers[kind] : undefined;
    if (!load) throw new Error(`unknown document kind ${kind}`);
    const render = loaded.get(kind) ?? (await load());
    loaded.set(kind, render);
    const pdf = await collect(await render(data));
    // hand the bytes over without a copy
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    const owned = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? bytes : bytes.slice();
    parentPort.postMessage({ id, pdf: owned }, [owned.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });
