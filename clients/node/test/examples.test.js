// Every example under examples/ runs (each in a fresh database) and exits 0; every ```js block of
// the Node pages (doc/clients/node.md, doc/clients/node/*.md) is one of those files, verbatim.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freshDatabase } from './lib/db.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = join(root, 'examples');
const docs = join(root, '..', '..', 'doc', 'clients');
const files = readdirSync(examples).filter((f) => f.endsWith('.js')).sort();

for (const file of files) {
  test(`examples/${file} runs`, async () => {
    const { database } = await freshDatabase(`example_${file.replace('.js', '').replace(/-/g, '_')}`);
    await promisify(execFile)(process.execPath, [join(examples, file)], {
      cwd: root, env: { ...process.env, PGDATABASE: database }, timeout: 60000,
    });
  });
}

test('every ```js block of the Node pages is an example file, and every example is on a page', () => {
  const pages = [join(docs, 'node.md'), ...readdirSync(join(docs, 'node')).map((f) => join(docs, 'node', f))];
  assert.ok(pages.every(existsSync));
  const sources = new Map(files.map((f) => [readFileSync(join(examples, f), 'utf8'), f]));
  const shown = new Set();
  for (const page of pages) {
    const blocks = [...readFileSync(page, 'utf8').matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
    for (const block of blocks) {
      assert.ok(sources.has(block), `${page}: a js block that is no file of examples/:\n${block.slice(0, 200)}`);
      shown.add(sources.get(block));
    }
  }
  assert.deepEqual([...shown].sort(), files);
});
