import http from 'node:http';
import zlib from 'node:zlib';

// A tile server on loopback for the map panel's journey (decision 067): it answers
// /{z}/{x}/{y}.png with a 256 px PNG drawn here (a pale block with a grid line, shaded by x and
// y so the tiles are told apart) and remembers what was asked. No tile leaves the machine.

/** The tile server's port beside the e2e cluster's (E2E_PORT; the API processes take +1 and +2). */
export const tilePort = (e2ePort: number) => e2ePort + 7;

/** MAP_TILE_URL for the e2e cluster (playwright.config.ts). */
export const tileUrlFor = (e2ePort: number) => `http://127.0.0.1:${tilePort(e2ePort)}/{z}/{x}/{y}.png`;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256 x 256 RGB PNG: a pale colour with a darker line along its top and left edges. */
export function tilePng(x: number, y: number): Buffer {
  const size = 256;
  const base = [236 - (x % 3) * 8, 232 - (y % 3) * 6, 220];
  const rows: Buffer[] = [];
  for (let row = 0; row < size; row++) {
    const line = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let col = 0; col < size; col++) {
      const edge = row < 2 || col < 2;
      const [r, g, b] = edge ? [190, 186, 176] : base;
      line.writeUInt8(r!, 1 + col * 3);
      line.writeUInt8(g!, 2 + col * 3);
      line.writeUInt8(b!, 3 + col * 3);
    }
    rows.push(line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TileServer {
  /** the tiles asked for, as z/x/y */
  requested: string[];
  close: () => Promise<void>;
}

export async function startTileServer(port: number): Promise<TileServer> {
  const requested: string[] = [];
  const server = http.createServer((req, res) => {
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    requested.push(`${m[1]}/${m[2]}/${m[3]}`);
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    res.end(tilePng(Number(m[2]), Number(m[3])));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
