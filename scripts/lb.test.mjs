import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { pathOnly, startBalancer } from './lb.mjs';

// The balancer's log names the path, never the query string: a link's ?token= must not reach
// log files (docs/decisions/030).
describe('lb', () => {
  let close = async () => {};
  afterEach(() => close());

  it('logs a failed request by its path, without the query string', async () => {
    const lines = [];
    // a backend port nothing listens on: a POST is not replayed, so the failure is logged
    const lb = await startBalancer({
      port: 0,
      host: '127.0.0.1',
      backends: ['127.0.0.1:1'],
      log: (line) => lines.push(line),
    });
    close = lb.close;
    const { port } = lb.server.address();
    const status = await new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/browse-presets?token=LinkSecret0123&x=1' },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(502);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^lb: POST \/browse-presets -> 127\.0\.0\.1:1: /);
    expect(lines.join('\n')).not.toContain('LinkSecret0123');
  });

  it('pathOnly drops the query string and the fragment', () => {
    expect(pathOnly('/?confirmed=ok&token=abc')).toBe('/');
    expect(pathOnly('/browse-restaurants#x')).toBe('/browse-restaurants');
    expect(pathOnly('/api/v2/presets')).toBe('/api/v2/presets');
  });
});
