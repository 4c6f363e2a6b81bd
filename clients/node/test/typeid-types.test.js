// The TypeID declarations compile against the libraries' own types (tsc --noEmit, strict), and
// the TypeID examples type-check against them (checkJs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

test('tsc --strict accepts test/typeid-types-check.ts and checks examples/typeid-*.js', () => {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'test/typeid-tsconfig.json')], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stdout + result.stderr);
});
