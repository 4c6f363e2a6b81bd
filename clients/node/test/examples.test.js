// Every example under examples/ runs (each in a fresh database) and exits 0; every ```js block of
// the Node pages (doc/clients/node.md, doc/clients/node/*.md) is one of those files, verbatim.
// Each starts from a new database without uidext, as a reader's does (#37: the TypeID examples
// assumed it), so an example that uses the database creates the extension itself; after each
// one, every uuid -> ulid foreign key it made has a uuid_ulid_ops index. The opaque-* examples need
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
  test(`examples/${file} runs`, async (t) => {
    if (file.startsWith('opaque-') && !(await opaqueKeysConfigured({}))) {
      t.skip('the server has no opaque id keys (uidext preloaded, uidext.opaque_key_file)');
      return;
    }
    const config = await freshDatabase(`example_${file.replace('.js', '').replace(/-/g, '_')}`, { extension: false });
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

test('every example that uses the database creates the extension before anything else uses it', () => {
  for (const file of files) {
    const source = readFileSync(join(examples, file), 'utf8');
    if (!/pg\.Pool|postgres\(|knexFactory|new Sequelize|new DataSource/.test(source)) continue; // text helpers only
    const create = source.indexOf('CREATE EXTENSION IF NOT EXISTS uidext');
    assert.ok(create > 0, `${file} does not create the extension`);
    const firstUse = source.search(/typeid_define\(|defineTypeID\(|typeIDDefineSQL\(|gen_ulid\(|opaque_(?:encode|decode|candidates)\(/);
    assert.ok(firstUse < 0 || firstUse > create, `${file} uses uidext before CREATE EXTENSION`);
  }
});

test('every library page shows where CREATE EXTENSION uidext goes, in its first example', () => {
  for (const page of pages.filter((p) => p.includes('/node/') && !p.endsWith('helpers.md'))) {
    const [first] = jsBlocks(page);
    assert.match(first, /CREATE EXTENSION IF NOT EXISTS uidext/, page);
  }
});
