// A minimal HTTP/1.1 keep-alive client for the load generator (load-worker.mjs): one request at a
// time per connection, the answer read by its Content-Length or chunked framing. node:http's
// client cost the generator's thread ~0.3 ms an answer of a few KB, more than the server spent
// making it (bench/README.md, "The load generator"), and the generator shares the machine's two
// cores with the server; a benchmark's client should cost little next to what it measures, as
// wrk's or autocannon's do. Loopback only (load.ts checks the port's host).
import net from 'node:net';

const CRLF_CRLF = Buffer.from('\r\n\r\n');

/** Parses a complete response at the start of buf; null while more bytes are needed. */
function parseResponse(buf) {
  const headEnd = buf.indexOf(CRLF_CRLF);
  if (headEnd < 0) return null;
  const head = buf.toString('latin1', 0, headEnd);
  const lines = head.split('\r\n');
  const status = Number(lines[0].split(' ')[1]);
  let length = 0;
  let chunked = false;
  let close = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding' && value.toLowerCase().includes('chunked')) chunked = true;
    else if (name === 'connection' && value.toLowerCase() === 'close') close = true;
  }
  const bodyStart = headEnd + 4;
  const noBody = status === 204 || status === 304 || (status >= 100 && status < 200);
  if (noBody) return { status, body: Buffer.alloc(0), used: bodyStart, close };
  if (!chunked) {
    if (buf.length < bodyStart + length) return null;
    return { status, body: buf.subarray(bodyStart, bodyStart + length), used: bodyStart + length, close };
  }
  // chunked: size line, data, CRLF ... until the 0 chunk and the blank line after it
  const parts = [];
  let at = bodyStart;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) return null;
    const size = parseInt(buf.toString('latin1', at, lineEnd).split(';')[0], 16);
    if (Number.isNaN(size)) throw new Error('malformed chunk size');
    if (size === 0) {
      // no trailers are sent by the app: the last chunk is followed by one CRLF
      if (buf.length < lineEnd + 4) return null;
      return { status, body: Buffer.concat(parts), used: lineEnd + 4, close };
    }
    if (buf.length < lineEnd + 2 + size + 2) return null;
    parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** One keep-alive connection to 127.0.0.1:port; reconnects after the server closes it. */
export function createRawConnection(port) {
  let socket = null;
  let pending = null; // { resolve, chunks: Buffer[], size }
  let buffered = Buffer.alloc(0);

  function fail(error) {
    const p = pending;
    pending = null;
    socket = null;
    buffered = Buffer.alloc(0);
    if (p) p.resolve({ status: 0, body: Buffer.from(String(error)) });
  }

  function connect() {
    const s = net.connect({ host: '127.0.0.1', port, noDelay: true });
    s.on('data', (data) => {
      if (socket !== s) return;
      buffered = buffered.length ? Buffer.concat([buffered, data]) : data;
      if (!pending) return;
      let parsed;
      try {
        parsed = parseResponse(buffered);
      } catch (e) {
        s.destroy();
        fail(e);
        return;
      }
      if (!parsed) return;
      buffered = buffered.subarray(parsed.used);
      const p = pending;
      pending = null;
      if (parsed.close) {
        s.end();
        socket = null;
        buffered = Buffer.alloc(0);
      }
      p.resolve({ status: parsed.status, body: parsed.body });
    });
    // a connection the client already let go (the server said close) no longer has a request
    s.on('error', (e) => {
      if (socket === s) fail(e);
    });
    s.on('close', () => {
      if (socket === s) fail(new Error('connection closed before the answer'));
    });
    return s;
  }

  return {
    /** Sends one request; resolves { status, body } (status 0: a network error, its text as body). */
    request(spec) {
      return new Promise((resolve) => {
        if (!socket) socket = connect();
        pending = { resolve };
        const body = spec.body === undefined ? null : Buffer.from(JSON.stringify(spec.body));
        let head = `${spec.method ?? 'GET'} ${spec.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n`;
        for (const [name, value] of Object.entries(spec.headers ?? {})) head += `${name}: ${value}\r\n`;
        if (body) head += `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`;
        head += '\r\n';
        socket.write(body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : head);
      });
    },
    close() {
      socket?.destroy();
      socket = null;
    },
  };
}
