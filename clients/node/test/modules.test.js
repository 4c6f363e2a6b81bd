// The modules of src/ import one another without a cycle (#37: index.js and typeid.js imported
// each other): the ULID <-> UUID and time helpers live in ulid.js, which imports nothing of ours;
// index.js, the package's entry, only re-exports.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const modules = readdirSync(src).filter((f) => f.endsWith('.js'));
const imports = new Map(modules.map((f) => [f, [...readFileSync(join(src, f), 'utf8')
  .matchAll(/^(?:import|export)\s[^;]*?from\s+'\.\/([^']+)'/gms)].map((m) => m[1])]));

test('no module of src/ imports itself through others', () => {
  const visit = (file, path) => {
    for (const next of imports.get(file) || []) {
      assert.ok(!path.includes(next), `import cycle: ${[...path, next].join(' -> ')}`);
      visit(next, [...path, next]);
    }
  };
  for (const file of modules) visit(file, [file]);
});

test('ulid.js imports no module of ours; typeid.js and the library modules import it, not index.js', () => {
  assert.deepEqual(imports.get('ulid.js'), []);
  assert.ok(imports.get('typeid.js').includes('ulid.js'));
  for (const [file, list] of imports) {
    if (file !== 'index.js') assert.ok(!list.includes('index.js'), `${file} imports index.js`);
  }
  assert.deepEqual(imports.get('index.js').sort(), ['typeid.js', 'ulid.js']);
});
