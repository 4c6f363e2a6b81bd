// A throwaway PostgreSQL server for the tests, like the repository's test/lib/cluster.sh:
// initdb + pg_ctl from `$PG_CONFIG --bindir` (or pg_config on PATH), a unix socket only,
// run as the postgres user when we are root (PostgreSQL refuses to run as root).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function asPostgres(command, args) {
  const root = process.getuid && process.getuid() === 0;
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
  const options = `-c listen_addresses='' -c unix_socket_directories=${dir} -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
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
