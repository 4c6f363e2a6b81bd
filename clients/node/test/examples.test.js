// Every example under examples/ runs (each in a fresh database) and exits 0; every ```js block of
// the Node pages (doc/clients/node.md, doc/clients/node/*.md) is one of those files, verbatim.
// An example that runs CREATE EXTENSION starts from a database without uidext; after each one,
// every uuid -> ulid foreign key it made has a uuid_ulid_ops index. The opaque-* examples need
// a server with opaque id keys (run.js's throwaway server has them).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { opaqueKeysConfigured, uuidToUlidKeys, uuidToUlidKeysWithoutIndex } from './lib/checks.js';
import { freshDatabase } from './lib/db.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = join(root, 'examples');
const docs = join(root, '..', '..', 'doc', 'clients');
const files = readdirSync(examples).filter((f) => f.endsWith('.js')).sort();
const pages = [join(docs, 'node.md'), ...readdirSync(join(docs, 'node')).map((f) => join(docs, 'node', f))];
const jsBlocks = (page) => [...readFileSync(page, 'utf8').matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);

for (const file of files) {
  const source = readFileSync(join(examples, file), 'utf8');
  test(`examples/${file} runs`, async (t) => {
    if (file.startsWith('opaque-') && !(await opaqueKeysConfigured({}))) {
      t.skip('the server has no opaque id keys (uidext preloaded, uidext.opaque_key_file)');
      return;
    }
    const createsExtension = source.includes('CREATE EXTENSION');
    const config = await freshDatabase(`example_${file.replace('.js', '').replace(/-/g, '_')}`, { extension: !createsExtension });
    await promisify(execFile)(process.execPath, [join(examples, file)], {
      cwd: root, env: { ...process.env, PGDATABASE: config.database }, timeout: 60000,
    });
    if ((await uuidToUlidKeys(config)).length > 0) assert.deepEqual(await uuidToUlidKeysWithoutIndex(config), []);
  });
}

test('every ```js block of the Node pages is an example file, and every example is on a page', () => {
  assert.ok(pages.every(existsSync));
  const sources = new Map(files.map((f) => [readFileSync(join(examples, f), 'utf8'), f]));
  const shown = new Set();
  for (const page of pages) {
    for (const block of jsBlocks(page)) {
      assert.ok(sources.has(block), `${page}: a js block that is no file of examples/:\n${block.slice(0, 200)}`);
      shown.add(sources.get(block));
    }
  }
  assert.deepEqual([...shown].sort(), files);
});

test('every library page shows where CREATE EXTENSION uidext goes, in its first example', () => {
  for (const page of pages.filter((p) => p.includes('/node/') && !p.endsWith('helpers.md'))) {
    const [first] = jsBlocks(page);
    assert.match(first, /CREATE EXTENSION IF NOT EXISTS uidext/, page);
  }
});
