import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  url: URL;
  headers: http.IncomingHttpHeaders;
}

export interface FakeServer {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A local HTTP server on a free loopback port; the handler answers with a status and a JSON body. */
export async function startFakeJsonServer(
  handle: (url: URL) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ url, headers: req.headers });
    Promise.resolve(handle(url))
      .then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      })
      .catch(() => {
        res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A loopback URL where nothing listens (a port taken and released). */
export async function unusedLocalUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A point a reverse-geocoding fake knows, and what it answers there. */
export interface ReversePoint<T> {
  latitude: number;
  longitude: number;
  answer: T;
}

/** The answer of the known point within about a kilometre of the request's lat/lon, if any. */
export function answerNear<T>(points: ReversePoint<T>[], url: URL): T | undefined {
  const lat = Number(url.searchParams.get('lat'));
  const lon = Number(url.searchParams.get('lon'));
  return points.find((p) => Math.abs(p.latitude - lat) < 0.01 && Math.abs(p.longitude - lon) < 0.01)?.answer;
}
