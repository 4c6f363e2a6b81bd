// The TypeScript declarations compile against the libraries' own types (tsc --noEmit, strict), and
// accept every call the pages make: tsconfig.json also checks examples/*.js (checkJs, strict).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

test('tsc --strict accepts test/types-check.ts and, with checkJs, every example the pages show', () => {
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  assert.deepEqual([config.compilerOptions.strict, config.compilerOptions.checkJs, config.include], [true, true, ['examples/*.js']]);
  const compiled = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], { encoding: 'utf8' });
  assert.equal(compiled.status, 0, compiled.stdout + compiled.stderr);
});
