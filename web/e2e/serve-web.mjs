// serve-web.mjs — serves web/ from disk and forwards /api, /ws, /healthz and /metrics to a
// running `tavolo serve` (keeping the Host header, so the server's same-origin check passes).
// For developing the client without rebuilding the server, and for the e2e tests when the
// server does not serve web/ itself. Usage: node serve-web.mjs UPSTREAM_URL [port]
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const up = new URL(process.argv[2] || 'http://127.0.0.1:8080/');
const port = Number(process.argv[3] || 0);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };
const proxied = (p) => p.startsWith('/api/') || p === '/ws' || p === '/healthz' || p === '/metrics';

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (proxied(url.pathname)) {
    const r = http.request({ host: up.hostname, port: up.port, method: req.method, path: req.url, headers: req.headers }, (u) => {
      res.writeHead(u.statusCode, u.headers);
      u.pipe(res);
    });
    r.on('error', (e) => { res.writeHead(502); res.end(String(e)); });
    req.pipe(r);
    return;
  }
  if (url.pathname.startsWith('/e2e/')) { res.writeHead(404); res.end(); return; }
  const f = path.join(WEB, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
  if (!f.startsWith(WEB) || !fs.existsSync(f) || fs.statSync(f).isDirectory()) { res.writeHead(404); res.end('not found'); return; }
  res.writeHead(200, { 'content-type': TYPES[path.extname(f)] || 'application/octet-stream', 'cache-control': 'no-store' });
  fs.createReadStream(f).pipe(res);
});

server.on('upgrade', (req, sock, head) => {
  const u = net.connect(Number(up.port), up.hostname, () => {
    let h = `${req.method} ${req.url} HTTP/1.1\r\n`;
    for (let i = 0; i < req.rawHeaders.length; i += 2) h += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
    u.write(h + '\r\n');
    if (head && head.length) u.write(head);
    u.pipe(sock); sock.pipe(u);
  });
  u.on('error', () => sock.destroy());
  sock.on('error', () => u.destroy());
});

server.listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}/`));
