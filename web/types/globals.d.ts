// globals.d.ts — what the browser client adds to `window` (for the end-to-end tests' eyes), and the
// prefixed audio of older Safari it falls back on.
interface Window {
  __tavolo?: Record<string, unknown>;
  webkitAudioContext?: typeof AudioContext;
}
