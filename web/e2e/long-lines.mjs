// long-lines.mjs — lists every line over 120 characters (code points) in the text files of web/
// (node_modules left out) and exits 1 if there is one. Biome wraps code, but leaves a long
// string, comment or Markdown line as it is; web/lint.sh runs this after it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const MAX = 120;
const TEXT = /\.(js|mjs|css|html|md|sh|json)$/;
const web = join(import.meta.dirname, '..');

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (TEXT.test(e.name)) yield p;
  }
}

let found = 0;
for (const f of [...files(web)].sort()) {
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const n = [...line].length;
      if (n > MAX) {
        found += 1;
        console.log(`web/${relative(web, f)}:${i + 1}: ${n} characters (at most ${MAX})`);
      }
    });
}
process.exit(found ? 1 : 0);
