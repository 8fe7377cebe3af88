// failover.test.mjs — a room of two nodes (docs/scale-out.md) behind one address, as
// deploy/scale-out/ puts nginx in front of them: /n/<id>/ reaches node <id>, everything else
// whichever node answers. A player at a table has the node that plays it killed (SIGKILL) in
// the middle of a hand, and the browser finds the table on the other node by itself: no click,
// no reload. Needs PostgreSQL (TAVOLO_TEST_DATABASE_URL, as CI sets it) and the tavolo binary
// (TAVOLO_BIN, which run.sh sets) and psql; skipped without them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';
import {
  ARTIFACTS,
  launch,
  newPlayer,
  createTable,
  tableState,
  shot,
  sleep,
  waitUntil,
  cspViolations,
} from '../helpers.mjs';

const DB = process.env.TAVOLO_TEST_DATABASE_URL;
const BIN = process.env.TAVOLO_BIN;
const hasPsql = (() => {
  try {
    execFileSync('psql', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const skip =
  !DB || !BIN || !hasPsql
    ? 'needs TAVOLO_TEST_DATABASE_URL, psql and TAVOLO_BIN (web/e2e/run.sh sets the binary)'
    : false;
const LEASE_MS = 2000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** A database of its own on the test server: its URL. */
function freshDatabase() {
  const u = new URL(DB);
  const name = `tavolo_e2e_failover_${process.pid}_${Date.now().toString(36)}`;
  const admin = new URL(DB);
  admin.pathname = '/postgres';
  execFileSync('psql', ['-d', admin.href, '-qc', `CREATE DATABASE ${name}`]);
  u.pathname = `/${name}`;
  return {
    url: u.href,
    drop: () => execFileSync('psql', ['-d', admin.href, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]),
  };
}

/** One SQL answer from the room's database. */
const sql = (url, q) => execFileSync('psql', ['-d', url, '-Atc', q]).toString().trim();

/**
 * The room's one address: /n/<id>/… goes to node <id> (prefix removed), anything else to the
 * first node that accepts the connection — plain requests and WebSocket upgrades alike.
 */
function startProxy(ports) {
  const order = (url) => {
    const m = url.match(/^\/n\/([a-z]+)(\/.*)?$/);
    if (m && ports[m[1]]) return { targets: [ports[m[1]]], path: m[2] || '/' };
    return { targets: Object.values(ports), path: url };
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { targets, path: p } = order(req.url);
      const attempt = (i) => {
        if (i >= targets.length) {
          res.writeHead(502);
          res.end('no node answers');
          return;
        }
        const up = http.request(
          { host: '127.0.0.1', port: targets[i], method: req.method, path: p, headers: req.headers },
          (r) => {
            res.writeHead(r.statusCode, r.headers);
            r.pipe(res);
          },
        );
        up.on('error', () => attempt(i + 1));
        up.end(body);
      };
      attempt(0);
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const { targets, path: p } = order(req.url);
    const attempt = (i) => {
      if (i >= targets.length) {
        socket.destroy();
        return;
      }
      const up = net.connect(targets[i], '127.0.0.1');
      up.once('error', () => attempt(i + 1));
      up.once('connect', () => {
        up.removeAllListeners('error');
        let raw = `${req.method} ${p} HTTP/1.1\r\n`;
        for (let k = 0; k < req.rawHeaders.length; k += 2) raw += `${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}\r\n`;
        up.write(`${raw}\r\n`);
        if (head?.length) up.write(head);
        up.pipe(socket);
        socket.pipe(up);
        up.on('error', () => socket.destroy());
        socket.on('error', () => up.destroy());
        up.on('close', () => socket.destroy());
        socket.on('close', () => up.destroy());
      });
    };
    attempt(0);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Starts node `id` of the room; resolves once it answers /healthz. */
async function startNode(id, port, room, db) {
  const log = fs.openSync(path.join(ARTIFACTS, `failover-node-${id}.log`), 'a');
  const child = spawn(
    BIN,
    [
      'serve',
      '--db',
      db,
      '--node-id',
      id,
      '--addr',
      `127.0.0.1:${port}`,
      '--public-url',
      `${room}n/${id}`,
      '--trusted-proxy',
      '127.0.0.1',
      '--lease-ms',
      String(LEASE_MS),
      '--no-starter-tables',
      '--bot-delay-ms',
      '150',
      '--hand-pause-ms',
      '1000',
      '--signups-per-hour',
      '1000',
      '--guests-per-hour',
      '1000',
      '--log',
      'info',
    ],
    { stdio: ['ignore', log, log] },
  );
  const end = Date.now() + 30000;
  for (;;) {
    const ok = await new Promise((r) =>
      http
        .get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
          res.resume();
          r(res.statusCode === 200);
        })
        .on('error', () => r(false)),
    );
    if (ok) return child;
    assert.ok(Date.now() < end && child.exitCode == null, `node ${id} did not start (see failover-node-${id}.log)`);
    await sleep(100);
  }
}

let browser;
let proxy;
let db;
const nodes = {};
before(async () => {
  if (!skip) browser = await launch();
});
after(async () => {
  for (const n of Object.values(nodes)) if (n.exitCode == null) n.kill('SIGKILL');
  if (proxy) proxy.close();
  if (browser) await browser.close();
  if (db) {
    await sleep(300);
    try {
      db.drop();
    } catch {
      /* the test server is going away anyway */
    }
  }
  assert.deepEqual(cspViolations, []);
});

test('failover: the node playing my table is killed mid-hand and the browser finds the table on the other ' +
  'node by itself', {
  skip,
  timeout: 120000,
}, async () => {
  db = freshDatabase();
  const ports = { a: await freePort(), b: await freePort() };
  proxy = await startProxy(ports);
  const room = `http://127.0.0.1:${proxy.address().port}/`;
  nodes.a = await startNode('a', ports.a, room, db.url);
  nodes.b = await startNode('b', ports.b, room, db.url);

  const { ctx, page } = await newPlayer(browser, { prefix: 'fail', base: room });
  const table = await createTable(page, {
    base: room,
    game: 'holdem',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 2,
    bots: 1,
    bot_level: 'station',
    clock_secs: 60,
  });
  // my turn in the first hand, at whichever node plays the table
  const myTurn = (t) => {
    const s = window.__tavolo.store.tables.get(t);
    return !!(s?.hand && s.legal?.length && document.querySelector('#act-check, #act-call'));
  };
  await waitUntil(page, myTurn, table, { timeout: 30000 });
  const before = await tableState(page, table);
  const owner = sql(db.url, `SELECT owner FROM card_tables WHERE id = '${table}'`);
  assert.ok(owner === 'a' || owner === 'b', `the table has an owner (${owner})`);
  const other = owner === 'a' ? 'b' : 'a';
  const epoch = Number(sql(db.url, `SELECT epoch FROM card_tables WHERE id = '${table}'`));
  const seat = before.you.seat;
  const chips = before.seats.find((s) => s.seat === seat).chips;

  // Mid-hand, with the turn mine: the owner dies.
  nodes[owner].kill('SIGKILL');
  const killedAt = Date.now();

  // No click, no reload: the other node claims the table, voids the hand, deals a new one, and
  // the page shows it with my turn again.
  await waitUntil(
    page,
    ([t, hand]) => {
      const s = window.__tavolo.store.tables.get(t);
      return !!(s?.hand && s.hand !== hand && s.legal?.length);
    },
    [table, before.hand],
    { timeout: 45000 },
  );
  const took = Date.now() - killedAt;
  const after = await tableState(page, table);
  assert.equal(
    sql(db.url, `SELECT owner FROM card_tables WHERE id = '${table}'`),
    other,
    'the other node plays the table now',
  );
  assert.ok(Number(sql(db.url, `SELECT epoch FROM card_tables WHERE id = '${table}'`)) > epoch, 'at a new epoch');
  assert.equal(
    sql(db.url, `SELECT COUNT(*) FROM hands WHERE table_id = '${table}' AND status = 'voided'`),
    '1',
    'the hand in play was voided, once',
  );
  assert.equal(after.you.seat, seat, 'still in my seat');
  // The voided hand's blind came back: the new hand starts from the stack I had before it.
  const now = after.seats.find((s) => s.seat === seat);
  assert.ok(
    now && now.chips + after.view.bets[after.you.hand_seat] === chips + before.view.bets[before.you.hand_seat],
    `my chips are whole: ${JSON.stringify({ before: chips, now: now?.chips })}`,
  );
  console.log(`# the page followed its table to node ${other} in ${took} ms (lease ${LEASE_MS} ms)`);
  await shot(page, 'failover-after');

  // And the table plays on where it went: my action is taken.
  await waitUntil(page, () => !!document.querySelector('#act-check, #act-call'), null, { timeout: 15000 });
  const version = after.version;
  await page.click((await page.$('#act-check')) ? '#act-check' : '#act-call');
  await waitUntil(
    page,
    ([t, v]) => {
      const s = window.__tavolo.store.tables.get(t);
      return s && s.version > v;
    },
    [table, version],
    { timeout: 15000 },
  );
  assert.equal(await page.evaluate(() => window.__tavolo.conn.status), 'open', 'connected');
  await ctx.close();
});
