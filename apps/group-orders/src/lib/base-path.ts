/**
 * The path the site is mounted under, from the <base href> the server writes into index.html
 * (e.g. '/group-orders-site'); the router uses it as its basename.
 */
export function siteBasePath(doc: Pick<Document, 'baseURI'> = document): string {
  return new URL(doc.baseURI).pathname.replace(/\/+$/, '');
}
