// protocol-types.mjs — the browser's types of the wire, made from the protocol's schema: writes
// web/types/protocol.d.ts from docs/protocol.schema.json with json-schema-to-typescript (pinned
// in package.json); with --check, writes nothing and fails when the file differs from what the
// schema makes (web/lint.sh runs it so, then type-checks web/js against the file with tsc).
//   node protocol-types.mjs          # write
//   node protocol-types.mjs --check  # CI
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCHEMA = join(HERE, '../../docs/protocol.schema.json');
const OUT = join(HERE, '../types/protocol.d.ts');

const banner =
  '// protocol.d.ts — the wire of docs/protocol.md as TypeScript types, made from\n' +
  '// docs/protocol.schema.json by web/e2e/protocol-types.mjs: do not edit (run it again).\n';
// Every definition as its own type: the root refers to each (json-schema-to-typescript writes
// only what the root reaches); the root's own type, `Protocol`, is the message of either side.
const schema = refsBeside(JSON.parse(readFileSync(SCHEMA, 'utf8')));
const { oneOf: _, ...rest } = schema;
const root = {
  ...rest,
  type: 'object',
  properties: Object.fromEntries(Object.keys(schema.$defs).map((k) => [k, { $ref: `#/$defs/${k}` }])),
  additionalProperties: false,
};
const made =
  banner +
  (await compile(root, 'Protocol', {
    bannerComment: '',
    // what the schema leaves open (a state's events and result) is `any`, not `unknown`; a game's
    // view and choices are typed (the engine's HandView, DrawView, SaintView, Choice, SaintChoice)
    unknownAny: false,
    additionalProperties: false,
    style: { singleQuote: true, printWidth: 120 },
  }));
/** The schema with each `$ref` that has fields beside it (draft 2020-12 reads both: the
 * `table_state` message is a TableState and its `type`) written as `allOf` of the two, which
 * json-schema-to-typescript reads as their intersection (it drops one of them otherwise). */
function refsBeside(v) {
  if (Array.isArray(v)) return v.map(refsBeside);
  if (!v || typeof v !== 'object') return v;
  const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, refsBeside(x)]));
  const { $ref, description, ...rest } = out;
  if (!$ref || !rest.properties) return out;
  return { description, allOf: [{ $ref }, rest] };
}

if (process.argv.includes('--check')) {
  let now = '';
  try {
    now = readFileSync(OUT, 'utf8');
  } catch {
    /* missing */
  }
  if (now !== made) {
    console.error('web/types/protocol.d.ts differs from docs/protocol.schema.json: node web/e2e/protocol-types.mjs');
    process.exit(1);
  }
} else {
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, made);
}
