// globals.d.ts — what the browser client adds to `window` (for the end-to-end tests' eyes).
interface Window {
  __tavolo?: Record<string, unknown>;
}
