/**
 * Route-aware preloading for the storefront (docs/decisions/014-front-end-budgets.md). Every
 * page is a lazy chunk, so a deep link would fetch index.html, then the entry, and only when
 * the router runs the page's chunk and its CSS: one more round trip before anything shows.
 * The server knows the path it answers, so it names that page's files in index.html
 * (<link rel="modulepreload"> and its stylesheets), read from Vite's build manifest; the
 * browser fetches them alongside the entry. Pages not listed load as before.
 */

/** The subset of Vite's manifest entries read here. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The storefront's most visited entry pages and the modules each shows on first view (the
 * route modules of apps/web/src/app/router.tsx; the landing page renders its sections at once).
 */
export const PAGE_MODULES: readonly { path: RegExp; modules: readonly string[] }[] = [
  { path: /^\/$/, modules: ['src/app/routes/home.tsx', 'src/features/landing/components/landing-sections.tsx'] },
  { path: /^\/browse-restaurants$/, modules: ['src/app/routes/browse-restaurants.tsx'] },
  { path: /^\/browse-presets$/, modules: ['src/app/routes/browse-presets.tsx'] },
  { path: /^\/chefs\/[^/]+$/, modules: ['src/app/routes/restaurant.tsx'] },
  { path: /^\/chefs\/[^/]+\/\d+$/, modules: ['src/app/routes/edit-order.tsx'] },
  { path: /^\/preset-detail\/[^/]+$/, modules: ['src/app/routes/preset-detail.tsx'] },
  { path: /^\/checkout$/, modules: ['src/app/routes/checkout.tsx'] },
  { path: /^\/my-orders$/, modules: ['src/app/routes/my-orders.tsx'] },
];

/** The chunk files and stylesheets a set of manifest entries loads (static imports followed). */
function filesOf(manifest: ViteManifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const key of keys) visit(key);
  return { js: [...js], css: [...css] };
}

/**
 * The <link> tags to add to index.html's head for this path: the page's chunks and CSS that
 * the entry does not already load ('' when the path is not a listed page).
 */
export function preloadLinks(manifest: ViteManifest, pathname: string): string {
  const page = PAGE_MODULES.find((p) => p.path.test(pathname));
  if (!page) return '';
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const initial = filesOf(manifest, entries);
  const wanted = filesOf(manifest, page.modules);
  const links = [
    ...wanted.css
      .filter((f) => !initial.css.includes(f))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...wanted.js
      .filter((f) => !initial.js.includes(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  return links.join('\n    ');
}

/** index.html with the page's links added at the end of its head. */
export function withPreloads(html: string, links: string): string {
  return links ? html.replace(/\n?[ \t]*<\/head>/, `\n    ${links}\n  </head>`) : html;
}
