// ws.js — the WebSocket half of the protocol: one connection per tab, intents with increasing
// `seq` (kept across reloads in sessionStorage), one ack/error per intent, reconnection with
// backoff, `hello` on every (re)connect and the unanswered intents resent with their own seq.
// A room of several nodes (docs/scale-out.md): an intent answered `elsewhere` is kept and sent
// again on the node the error names (`at`); when that node goes away the connection falls back
// to the room's own address, and `rehomed` tells the table to ask for itself again.

/** @typedef {import('../types/protocol').ServerMessage} ServerMessage */
/** The connection's own events beside the server's messages. @typedef {{status: string, hello: any,
 *  hello_error: Error, retry: {attempt: number, delay: number}, '*': ServerMessage}} OwnEvents */
/** Every message by its `type` (docs/protocol.schema.json), and the connection's own events.
 *  @typedef {{[K in ServerMessage['type']]: Extract<ServerMessage, {type: K}>} & OwnEvents} Events */

const SEQ_KEY = 'tavolo.seq';
const PENDING_KEY = 'tavolo.pending';
const EPOCH = Date.UTC(2026, 0, 1);
const RESEND = new Set([
  'act',
  'join',
  'waitlist',
  'watch',
  'unwatch',
  'sit_out',
  'sit_in',
  'rebuy',
  'leave',
  'create_table',
  'change_seat',
  'cancel_seat_change',
  'add_bot',
  'chat',
]);

export class Connection {
  constructor() {
    this.ws = null;
    this.handlers = new Map();
    this.pending = new Map(); // seq -> {msg, resolve, reject}
    this.status = 'idle';
    this.attempt = 0;
    this.timer = null;
    this.wanted = false;
    this.lastMessageAt = 0;
    // The WebSocket URL of the node that plays our table, or null: the room's own address.
    this.node = null;
    // The connection moved to another node since the last hello: the table asks for itself.
    this.rehomed = false;
    // The connection dropped since the last hello: in a room of several nodes the same address
    // may now reach another node, which may be about to take our table over, so the table
    // asks for itself then too.
    this.dropped = false;
    this.restorePending();
  }

  /**
   * Next seq: increasing per tab and across reloads. The server keeps answers per *session*
   * (cookie), which tabs share, so seqs are milliseconds since 2026 (max'd with last + 1): two
   * tabs collide only when both send within the same millisecond.
   */
  nextSeq() {
    const last = Number(sessionStorage.getItem(SEQ_KEY) || 0);
    const now = Date.now() - EPOCH;
    const seq = Math.max(last + 1, now, 1);
    sessionStorage.setItem(SEQ_KEY, String(seq));
    return seq;
  }

  /**
   * Calls `fn` with each message of `type` (or own event); returns the unsubscription.
   * @template {keyof Events} K
   * @param {K} type
   * @param {(msg: Events[K]) => void} fn
   */
  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, []);
    this.handlers.get(type).push(fn);
    return () => {
      const l = this.handlers.get(type);
      l.splice(l.indexOf(fn), 1);
    };
  }

  emit(type, msg) {
    (this.handlers.get(type) || []).slice().forEach((f) => {
      try {
        f(msg);
      } catch (e) {
        console.error(e);
      }
    });
  }

  setStatus(s) {
    this.status = s;
    this.emit('status', s);
  }

  connect() {
    this.wanted = true;
    if (this.ws && (this.ws.readyState === 0 || this.ws.readyState === 1)) return;
    clearTimeout(this.timer);
    let url = new URL('ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.hash = '';
    if (this.node) {
      try {
        url = new URL(this.node);
      } catch {
        this.node = null;
      }
    }
    this.setStatus(this.attempt ? 'reconnecting' : 'connecting');
    let ws;
    try {
      ws = new WebSocket(url.href);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      this.request('hello', {})
        .then((r) => this.emit('hello', r))
        .catch((e) => this.emit('hello_error', e));
      for (const [seq, p] of this.pending) if (p.msg.type !== 'hello' && p.msg.seq === seq) this.rawSend(p.msg);
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.dropped = true;
      // A node that stops answering has let its tables go: the room sends us on.
      if (this.node && this.attempt >= 1) {
        this.node = null;
        this.rehomed = true;
      }
      // hellos die with their connection; everything else waits to be resent
      for (const [seq, p] of this.pending)
        if (p.msg.type === 'hello' || p.msg.type === 'lobby') {
          this.pending.delete(seq);
          p.reject(Object.assign(new Error('disconnected'), { code: 'disconnected' }));
        }
      if (this.wanted) this.scheduleReconnect();
      else this.setStatus('closed');
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  scheduleReconnect() {
    this.attempt += 1;
    this.setStatus('reconnecting');
    const delay = Math.min(10000, 300 * 2 ** Math.min(this.attempt - 1, 6)) * (0.75 + Math.random() * 0.5);
    this.emit('retry', { attempt: this.attempt, delay });
    this.timer = setTimeout(() => this.connect(), delay);
  }

  close() {
    this.wanted = false;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
    this.ws = null;
    this.pending.clear();
    sessionStorage.removeItem(PENDING_KEY);
  }

  /** Connects to the node at `wsUrl` (several nodes): pending intents are sent again there. */
  moveTo(wsUrl) {
    if (this.node === wsUrl && this.ws && this.ws.readyState === 1) return;
    this.node = wsUrl;
    this.rehomed = true;
    const old = this.ws;
    this.ws = null;
    if (old) {
      old.onclose = null;
      old.close();
    }
    for (const [seq, p] of this.pending) if (p.msg.type === 'hello' || p.msg.type === 'lobby') this.pending.delete(seq);
    this.connect();
  }

  /** Simulates a dropped connection (tests and the debug console use it). */
  drop() {
    if (this.ws) this.ws.close();
  }

  rawSend(msg) {
    if (this.ws && this.ws.readyState === 1) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Sends an intent; resolves with ack.result, rejects with the error ({code, message}). */
  request(type, fields = {}) {
    const seq = this.nextSeq();
    const msg = { v: 1, seq, type, ...fields };
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { msg, resolve, reject });
      this.savePending();
      this.rawSend(msg);
      if (!this.ws) this.connect();
    });
  }

  savePending() {
    const list = [...this.pending.values()].map((p) => p.msg).filter((m) => RESEND.has(m.type));
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(list.slice(-20)));
  }

  restorePending() {
    try {
      const list = JSON.parse(sessionStorage.getItem(PENDING_KEY) || '[]');
      for (const msg of list) this.pending.set(msg.seq, { msg, resolve() {}, reject() {} });
    } catch {
      /* ignore */
    }
  }

  receive(text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    this.lastMessageAt = Date.now();
    if (msg.type === 'error' && msg.code === 'elsewhere' && msg.at && this.pending.has(msg.seq)) {
      // Another node plays the table: the intent stays pending and goes there.
      this.moveTo(msg.at);
      return;
    }
    if ((msg.type === 'ack' || msg.type === 'error') && msg.seq != null && this.pending.has(msg.seq)) {
      const p = this.pending.get(msg.seq);
      this.pending.delete(msg.seq);
      this.savePending();
      if (msg.type === 'ack') p.resolve(msg.result ?? {});
      else p.reject(Object.assign(new Error(msg.message || msg.code), { code: msg.code, seq: msg.seq }));
      return;
    }
    if (msg.type === 'error') {
      this.emit('error', msg);
      return;
    }
    this.emit(msg.type, msg);
    this.emit('*', msg);
  }
}

export const conn = new Connection();
window.__tavolo = Object.assign(window.__tavolo || {}, { conn });
