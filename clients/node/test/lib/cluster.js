// A throwaway PostgreSQL server for the tests, like the repository's test/lib/cluster.sh:
// initdb + pg_ctl from `$PG_CONFIG --bindir` (or pg_config on PATH), a unix socket only,
// run as the postgres user when we are root (PostgreSQL refuses to run as root). uidext is
// preloaded, with a key file for opaque ids (uidext.opaque_key_file; a test key, not a secret).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const OPAQUE_TEST_KEY = 'k1:000102030405060708090a0b0c0d0e0f';
const root = process.getuid && process.getuid() === 0;

function asPostgres(command, args) {
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

export function startCluster() {
  const pgConfig = process.env.PG_CONFIG || 'pg_config';
  const bindir = execFileSync(pgConfig, ['--bindir']).toString().trim();
  const dir = mkdtempSync(join(tmpdir(), 'uidext-node-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = String(55000 + Math.floor(Math.random() * 1000));
  asPostgres(join(bindir, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  // The server reads the key file only if its OS user owns it with mode 0600 (ssl_key_file's rule).
  const keyFile = join(dir, 'opaque.keys');
  writeFileSync(keyFile, `${OPAQUE_TEST_KEY}\n`, { mode: 0o600 });
  if (root) chownSync(keyFile, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  const options = `-c listen_addresses='' -c unix_socket_directories=${dir} -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off `
    + `-c shared_preload_libraries=uidext -c uidext.opaque_key_file=${keyFile}`;
  asPostgres(join(bindir, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  return {
    env: { PGHOST: dir, PGPORT: port, PGUSER: 'postgres', PGDATABASE: 'postgres' },
    stop() {
      try {
        asPostgres(join(bindir, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
