// mock-server.mjs — a tiny stand-in for `tavolo serve` (docs/protocol.md) with canned table
// states, used to develop and screenshot the client before the real server existed. Not used by
// the final e2e tests, which run against the real server. Usage: node mock-server.mjs [port]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.argv[2] || 8765);
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };
const users = new Map();
let nextUser = 1;

const now = () => Date.now();
const tables = {
  t1: { id: 't1', name: 'Friday NL', game: 'holdem', structure: 'nl', stakes: '1/2', buy_in: 200, seats: 6, seated: 5, waiting: 0, bots: 4, clock_secs: 20, state: 'playing' },
  t2: { id: 't2', name: 'Skat-Abend', game: 'draw', structure: 'nl', stakes: 'ante 5', buy_in: 500, seats: 5, seated: 4, waiting: 0, bots: 3, clock_secs: 20, state: 'playing' },
  t3: { id: 't3', name: 'San Giuseppe', game: 'saint', stakes: '100', buy_in: 100, seats: 4, seated: 4, waiting: 0, bots: 3, clock_secs: 30, state: 'playing' },
  t4: { id: 't4', name: 'Heads-up PL', game: 'holdem', structure: 'pl', stakes: '5/10', buy_in: 1000, seats: 2, seated: 2, waiting: 1, bots: 1, clock_secs: 15, state: 'playing' },
};

function seats(names, chips) {
  return names.map((n, i) => (n ? { seat: i, name: n, bot: n.startsWith('bot-'), chips: chips[i], status: 'playing' } : { seat: i, name: null, status: 'empty' }));
}

function holdemState(name) {
  return {
    v: 1, type: 'table_state', table: 't1', version: 311,
    options: { game: 'holdem', name: 'Friday NL', structure: 'nl', small_blind: 1, big_blind: 2, buy_in: 200, rebuy: 200, seats: 6, clock_secs: 20, time_bank_secs: 60, bots: 4, bot_level: 'expert' },
    you: { seat: 0, sitting_out: false, waiting: null },
    seats: seats([name, 'bot-ivy', 'bot-max', null, 'bot-ola', 'bot-uma'], [172, 194, 240, 0, 88, 310]),
    hand: 'h-881', commitment: '9f2c5a1e0b7d3c4e5f60718293a4b5c6d7e8f90123456789abcdef0123456789', previous: { hand: 'h-880', seed: '5a1e' },
    view: { seat: 0, button: 2, street: 'Flop', stacks: [172, 184, 240, 88, 296], bets: [0, 10, 0, 0, 0], pot: 34, board: ['Ah', '7d', '2c'], hole: [['As', 'Kd'], [null, null], [null, null], [null, null], [null, null]], live: [true, true, false, true, false], to_act: 0, over: false, won: [0, 0, 0, 0, 0] },
    legal: [{ action: 'fold' }, { action: 'call', amount: 10 }, { action: 'bet_or_raise_to', min: 20, max: 172 }],
    clock: { seat: 0, deadline_ms: now() + 14000, bank_ms: 60000 },
    events: [{ event: 'blind_posted', seat: 3, amount: 1 }, { event: 'blind_posted', seat: 4, amount: 2 }, { event: 'called', seat: 0, amount: 2 }, { event: 'board_dealt', street: 'Flop', cards: ['Ah', '7d', '2c'] }, { event: 'bet_or_raised', seat: 1, to: 10 }],
    result: null,
  };
}
function holdemResult(name) {
  const s = holdemState(name);
  Object.assign(s.view, { street: 'River', board: ['Ah', '7d', '2c', 'Kc', '9s'], bets: [0, 0, 0, 0, 0], pot: 0, hole: [['As', 'Kd'], ['Ac', 'Qh'], [null, null], [null, null], [null, null]], stacks: [226, 140, 240, 88, 296], to_act: null, over: true, won: [54, 0, 0, 0, 0] });
  s.legal = []; s.clock = null; s.version = 330;
  s.events = [{ event: 'shown', seat: 1, cards: ['Ac', 'Qh'] }, { event: 'shown', seat: 0, cards: ['As', 'Kd'] }, { event: 'pot_won', pot: 0, seat: 0, amount: 54 }];
  s.result = { pots: [{ amount: 54, winners: [0], hand: { category: 'two_pair', description: 'Two pair, Aces and Kings, Seven kicker', cards: ['As', 'Ah', 'Kd', 'Kc', '7d'] } }] };
  return s;
}
function drawState(name) {
  return {
    v: 1, type: 'table_state', table: 't2', version: 12,
    options: { game: 'draw', name: 'Skat-Abend', ante: 5, structure: 'nl', buy_in: 500, rebuy: 500, seats: 5, clock_secs: 20, time_bank_secs: 60, bots: 3, bot_level: 'rules' },
    you: { seat: 1, sitting_out: false, waiting: null },
    seats: seats(['bot-kai', name, 'bot-lea', 'bot-tom', null], [480, 470, 455, 505, 0]),
    hand: 'h-42', commitment: 'ab'.repeat(32), previous: null,
    view: { seat: 1, dealer: 0, cutter: 1, ante: 5, stage: 'exchange', stacks: [455, 450, 435, 505], bets: [0, 0, 0, 0], pot: 80, carried_in: 0, hand: ['7h', '7s', 'Qc', 'Qd', '2d'], discarded: [], drawn: [], exchange_counts: [null, null, null, null], deck_cards: 31, discard_pile: 0, reshuffles: 0, shown: [null, null, null, null], live: [true, true, true, false], to_act: 1, may_fold: true, over: false, won: [0, 0, 0, 0], carried_out: 0 },
    legal: [{ action: 'fold' }, { action: 'exchange', max: 3 }],
    clock: { seat: 1, deadline_ms: now() + 17000, bank_ms: 60000 }, events: [], result: null,
  };
}
function saintState(name, phase = 'show') {
  const base = {
    v: 1, type: 'table_state', table: 't3', version: 55,
    options: { game: 'saint', name: 'San Giuseppe', seats: 4, stake: 100, clock_secs: 30, time_bank_secs: 60, bots: 3, bot_level: 'hard' },
    you: { seat: 0, sitting_out: false, waiting: null },
    seats: seats([name, 'bot-ivy', 'bot-max', 'bot-ola'], [0, 0, 0, 0]),
    hand: 'g-7', commitment: 'cd'.repeat(32), previous: null,
    view: { player: 0, options: { players: 4, centre_cards: 1, hand_rule: 'two_plus_three' }, round: 3, phase, hand: ['3c', '5d', '7h', '8h', '9c', 'Jd', 'Qs', 'Ks'], my_choice: null, centre: ['4h', '8s', 'Jh', 'Qd', 'Tc'], preview: ['Kh'], placed: ['8s', 'Jh', 'Qd', 'Tc'], shown: null, tie_draw: [], draft_order: [], to_pick: null, pool: [], picks: [], scores: [1, 0, 2, 0], hand_sizes: [8, 8, 8, 8], draw_pile: 9, discard_pile: 10, winners: [] },
    legal: [{ action: 'show' }], clock: { seat: null, deadline_ms: now() + 25000, bank_ms: 60000 }, events: [], result: null,
  };
  if (phase === 'draft') {
    Object.assign(base.view, {
      hand: ['3c', '5d', '7h', '8h', '9c', 'Jd'], shown: [
        { cards: ['Qs', 'Ks'], category: 'one_pair', value: 3900, description: 'One pair, Queens', points: 0 },
        { cards: ['Jc', 'Js'], category: 'three_of_a_kind', value: 5500, description: 'Three of a kind, Jacks', points: 3 },
        { cards: ['2h', '5h'], category: 'flush', value: 5900, description: 'Flush', points: 0 },
        { cards: ['9d', 'Kc'], category: 'straight', value: 5800, description: 'Straight', points: 0 }],
      draft_order: [0, 3, 1, 2], to_pick: 0, pool: ['2h', '4h', '5h', '8s', '9d', 'Jc', 'Jh', 'Js', 'Kc', 'Qd', 'Qs', 'Ks', 'Tc'], picks: [], scores: [1, 3, 2, 0],
    });
    base.view.shown[2].points = 3; base.view.shown[1].points = 0; base.view.scores = [1, 0, 5, 0];
    base.legal = [{ action: 'pick' }];
  }
  return base;
}

function send(ws, m) { ws.send(JSON.stringify(m)); }

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const cookie = (req.headers.cookie || '').match(/tavolo_session=(\w+)/);
  const user = cookie && users.get(cookie[1]);
  const json = (code, body, headers = {}) => { res.writeHead(code, { 'content-type': 'application/json', ...headers }); res.end(JSON.stringify(body)); };
  if (url.pathname.startsWith('/api/')) {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const p = url.pathname;
      if (p === '/api/register' || p === '/api/login' || p === '/api/guest') {
        const b = body ? JSON.parse(body) : {};
        const u = { id: nextUser++, name: b.name || `guest-${nextUser}`, guest: p === '/api/guest', balance: 10000 };
        const sid = Math.random().toString(36).slice(2);
        users.set(sid, u);
        return json(200, { user: u }, { 'set-cookie': `tavolo_session=${sid}; HttpOnly; SameSite=Lax; Path=/` });
      }
      if (!user) return json(401, { error: { code: 'unauthenticated', message: 'sign in first' } });
      if (p === '/api/me') return json(200, { user });
      if (p === '/api/logout') return json(200, {}, { 'set-cookie': 'tavolo_session=; Max-Age=0; Path=/' });
      if (p === '/api/tables') return json(200, { tables: Object.values(tables) });
      if (p === '/api/history') return json(200, { items: [{ id: 'h-880', game: 'holdem', table: 't1', finished_at: new Date().toISOString(), result: 40 }, { id: 'g-6', game: 'saint', table: 't3', finished_at: new Date().toISOString(), result: 100 }, { id: 'd-5', game: 'draw', table: 't2', finished_at: new Date().toISOString(), result: -20 }] });
      if (p.startsWith('/api/history/')) {
        const id = p.split('/').pop();
        if (id === 'h-880') { res.writeHead(200, { 'content-type': 'text/plain' }); return res.end("variant = 'NT'\nante_trimming_status = true\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [200, 200, 200]\nactions = [\n  'd dh p1 AsKd',\n  'd dh p2 ????',\n  'd dh p3 ????',\n  'p3 f',\n  'p1 cbr 6',\n  'p2 cc',\n  'd db Ah7d2c',\n  'p2 cc',\n  'p1 cbr 8',\n  'p2 f',\n]\nfinishing_stacks = [206, 194, 200]\nplayers = ['ada', 'bot-ivy', 'bot-max']\n"); }
        return json(404, { error: { code: 'not_found', message: 'no such record' } });
      }
      if (p.startsWith('/api/fairness/')) {
        // seed 32 zero bytes: sha256 = 66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925
        return json(200, { commitment: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925', seed: '0'.repeat(64) });
      }
      return json(404, { error: { code: 'not_found', message: p } });
    });
    return;
  }
  let f = path.join(WEB, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
  if (!f.startsWith(WEB) || !fs.existsSync(f) || fs.statSync(f).isDirectory()) { res.writeHead(404); return res.end('not found'); }
  res.writeHead(200, { 'content-type': TYPES[path.extname(f)] || 'application/octet-stream' });
  fs.createReadStream(f).pipe(res);
});

const wss = new WebSocketServer({ noServer: true });
server.on('upgrade', (req, sock, head) => {
  const cookie = (req.headers.cookie || '').match(/tavolo_session=(\w+)/);
  const user = cookie && users.get(cookie[1]);
  if (!user || new URL(req.url, 'http://x').pathname !== '/ws') { sock.write('HTTP/1.1 401 Unauthorized\r\n\r\n'); sock.destroy(); return; }
  wss.handleUpgrade(req, sock, head, (ws) => {
    ws.on('message', (raw) => {
      const m = JSON.parse(raw);
      const ack = (result = {}) => send(ws, { v: 1, type: 'ack', seq: m.seq, result });
      const scene = process.env.SCENE || 'play';
      switch (m.type) {
        case 'hello':
          ack({ user, protocol: 1 });
          send(ws, { v: 1, type: 'lobby', tables: Object.values(tables) });
          send(ws, scene === 'result' ? holdemResult(user.name) : holdemState(user.name));
          send(ws, drawState(user.name));
          send(ws, saintState(user.name, scene === 'draft' ? 'draft' : 'show'));
          break;
        case 'lobby': ack({}); send(ws, { v: 1, type: 'lobby', tables: Object.values(tables) }); break;
        case 'act': ack({}); if (m.table === 't1') send(ws, holdemResult(user.name)); break;
        case 'create_table': ack({ table: 't9' }); break;
        case 'join': ack({ seat: 2 }); break;
        default: ack({});
      }
    });
  });
});
server.listen(port, '127.0.0.1', () => console.log(`mock on http://127.0.0.1:${port}/`));
