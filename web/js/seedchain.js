// seedchain.js — this player's part of every deal (docs/protocol.md, Provably fair dealing): a
// hash chain per table, made with WebCrypto when joining (x_{i+1} = SHA-256(x_i), the head x_N
// sent with `join`), and its next element revealed whenever the table publishes a new
// `next_commitment`. The chain's start x_0 is kept in sessionStorage, so a reload goes on with
// the same chain; a chain that runs out (or is lost) is replaced with `seed_chain`.
import { conn } from './ws.js';

/** Elements per chain (at most 100,000): one per hand dealt in. */
export const CHAIN_LENGTH = 1000;

const chains = new Map(); // table -> { xs: [Uint8Array] x_0 … x_N }
const asked = new Map(); // table -> the next_commitment a reveal (or a new chain) was sent for

const key = (table) => `tavolo.chain.${table}`;
const toHex = (b) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
const fromHex = (h) => Uint8Array.from(String(h).match(/../g) || [], (x) => parseInt(x, 16));

/** Whether this browser can make chains (WebCrypto needs a secure context). */
export function canChain() {
  return !!(globalThis.crypto && crypto.subtle && crypto.getRandomValues);
}

/** The chain x_0 … x_n from x0. */
export async function chainFrom(x0, n = CHAIN_LENGTH) {
  const xs = [x0];
  for (let i = 0; i < n; i++) xs.push(new Uint8Array(await crypto.subtle.digest('SHA-256', xs[i])));
  return xs;
}

/** A fresh chain for `table` (kept for its reveals); its head, hex. */
export async function newChain(table) {
  const x0 = crypto.getRandomValues(new Uint8Array(32));
  const xs = await chainFrom(x0);
  chains.set(table, { xs });
  try {
    sessionStorage.setItem(key(table), toHex(x0));
  } catch {
    /* kept in memory only */
  }
  return toHex(xs[xs.length - 1]);
}

/** The chain of `table`, made again from the stored x_0 after a reload. */
async function chainOf(table) {
  if (chains.has(table)) return chains.get(table);
  let x0 = null;
  try {
    x0 = sessionStorage.getItem(key(table));
  } catch {
    /* none */
  }
  if (!x0) return null;
  const c = { xs: await chainFrom(fromHex(x0)) };
  chains.set(table, c);
  return c;
}

/** The `chain` field for a `join` (none where WebCrypto is missing). */
export async function joinFields(table) {
  if (!canChain()) return {};
  try {
    return { chain: await newChain(table) };
  } catch {
    return {};
  }
}

/** On every table_state: reveal the next element once per new `next_commitment`. */
export async function onState(st) {
  const mine = st?.you?.chain;
  if (!mine || mine.pending || !st.next_commitment || !canChain()) return;
  if (asked.get(st.table) === st.next_commitment) return;
  asked.set(st.table, st.next_commitment);
  const c = await chainOf(st.table);
  const k = mine.used + 1; // the k-th reveal is x_{N-k}
  try {
    if (!c || k > c.xs.length - 1) {
      await conn.request('seed_chain', { table: st.table, head: await newChain(st.table) });
      return; // it counts from the hand after next: the next change of next_commitment reveals
    }
    await conn.request('reveal', { table: st.table, value: toHex(c.xs[c.xs.length - 1 - k]) });
  } catch (e) {
    if (e && e.code === 'bad_reveal' && /does not extend/.test(e.message || '')) {
      // This browser's chain is not the table's (another tab joined): send a new one.
      await conn.request('seed_chain', { table: st.table, head: await newChain(st.table) }).catch(() => {});
    }
  }
}
