// The README's install routes, run as written in a scratch application (npm's cache, so offline
// when `npm ci` here has fetched the packages): each gives a copy of the package, and every entry
// point imports its library from the application's node_modules, where alone the libraries are.
// The plain link (`npm install <dir>`) is the control: its imports resolve outside the application.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const entryPoints = Object.keys(manifest.exports).map((key) => (key === '.' ? 'uidext' : `uidext/${key.slice(2)}`));
const libraries = ['pg', 'postgres', 'knex', 'kysely', 'sequelize', 'typeorm', 'drizzle-orm']
  .map((name) => `${name}@${manifest.devDependencies[name]}`);
// npm's own settings from the environment: the cache first, nothing printed but errors.
const npmEnv = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

// The ```sh blocks of the README's "## Install" section.
function installBlocks() {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Install\n'));
  assert.ok(section, 'README has an "## Install" section');
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

function scratchApp() {
  const app = mkdtempSync(join(tmpdir(), 'uidext-node-app-'));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', version: '1.0.0', private: true, type: 'module' }));
  return app;
}

// Imports every entry point in the application; returns the bare imports the package's files made.
async function importAll(app) {
  const log = join(app, 'resolved.jsonl');
  writeFileSync(log, '');
  const packageRoot = pathToFileURL(realpathSync(join(app, 'node_modules', 'uidext'))).href;
  const hook = pathToFileURL(join(root, 'test', 'lib', 'resolve-log.js')).href;
  writeFileSync(join(app, 'probe.js'), `import { register } from 'node:module';
register(${JSON.stringify(hook)}, import.meta.url, { data: ${JSON.stringify({ log, packageRoot })} });
for (const name of ${JSON.stringify(entryPoints)}) {
  const module = await import(name);
  if (Object.keys(module).length === 0) throw new Error(name + ' exports nothing');
}
console.log('imported');`);
  const { stdout } = await run(process.execPath, ['probe.js'], { cwd: app, timeout: 60000 });
  assert.match(stdout, /imported/);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

test('no command in the README or the Node pages installs uidext from the registry; the tarball is this version\'s', () => {
  const docs = join(root, '..', '..', 'doc', 'clients');
  const pages = [readme, readFileSync(join(docs, 'node.md'), 'utf8'), ...readdirSync(join(docs, 'node')).map((f) => readFileSync(join(docs, 'node', f), 'utf8'))];
  for (const page of pages) {
    for (const [block] of page.matchAll(/^```[\s\S]*?^```$/gm)) {
      assert.doesNotMatch(block, /(npm (install|i|add)|yarn add|pnpm add)\s+(\S+\s+)*uidext\b(?![-/.])/, block);
    }
  }
  const blocks = installBlocks();
  assert.equal(blocks.length, 2);
  assert.ok(blocks[0].includes(`npm install ./uidext-${manifest.version}.tgz`), `the tarball of version ${manifest.version}`);
});

for (const [index, route] of ['npm pack + tarball', 'install-links'].entries()) {
  test(`README route "${route}": a copy of the package; every entry point imports its library from the application`, { timeout: 300000 }, async () => {
    const app = scratchApp();
    try {
      await run('bash', ['-euo', 'pipefail', '-c', installBlocks()[index]], { cwd: app, env: { ...npmEnv, UIDEXT: root }, timeout: 240000 });
      await run('npm', ['install', ...libraries], { cwd: app, env: npmEnv, timeout: 240000 });
      const installed = join(app, 'node_modules', 'uidext');
      assert.ok(!lstatSync(installed).isSymbolicLink() && lstatSync(installed).isDirectory(), 'node_modules/uidext is a copy, not a link');
      assert.equal(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version, manifest.version);
      const imports = await importAll(app);
      const specifiers = new Set(imports.map((i) => i.specifier));
      for (const library of ['kysely', 'drizzle-orm', 'drizzle-orm/pg-core']) assert.ok(specifiers.has(library), `${library} is imported by the package`);
      const modules = pathToFileURL(realpathSync(join(app, 'node_modules'))).href;
      for (const { parent, specifier, url } of imports) {
        assert.ok(url.startsWith(`${modules}/`) && !url.startsWith(`${modules}/uidext/`),
          `${parent} imports ${specifier} from ${url}, not from the application's node_modules`);
      }
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });
}

test('control: the plain link (`npm install <dir>`) resolves the libraries outside the application', { timeout: 300000 }, async () => {
  const app = scratchApp();
  try {
    await run('npm', ['install', root], { cwd: app, env: npmEnv, timeout: 240000 });
    assert.ok(lstatSync(join(app, 'node_modules', 'uidext')).isSymbolicLink());
    const modules = pathToFileURL(realpathSync(join(app, 'node_modules'))).href;
    const imports = await importAll(app); // the checkout's node_modules (npm ci) has the libraries
    const outside = imports.filter(({ url }) => !url.startsWith(modules));
    assert.ok(outside.some(({ specifier }) => specifier === 'kysely'), JSON.stringify(imports));
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});
