// node-postgres: parse ulid (a string, as the server prints it) and ulid[] (an array of strings)
// on one client or on every client a pg.Pool opens: one catalog lookup per Client, one per Pool.
import { ULID_OIDS_QUERY, oidsFromRows } from './catalog.js';

const UUID_ARRAY_OID = 2951; // pg-types parses uuid[] into an array of strings, as ulid[] needs

function isPool(target) {
  return typeof target.setTypeParser !== 'function' && typeof target.on === 'function' && 'totalCount' in target;
}

function setParsers(client, oids) {
  client.setTypeParser(oids.ulid, 'text', (value) => value);
  client.setTypeParser(oids.ulidArray, 'text', client.getTypeParser(UUID_ARRAY_OID, 'text'));
}

async function lookUp(client) {
  const { rows } = await client.query(ULID_OIDS_QUERY);
  return oidsFromRows(rows);
}

/**
 * Registers the ulid and ulid[] parsers and resolves with the OIDs.
 * A pg.Client (connected): one lookup in its database.
 * A pg.Pool (call it before the pool's first use): one lookup on one of its clients; every client
 * the pool opens gets the parsers as it connects, with no query (a pool has one database).
 */
export async function registerTypes(target) {
  if (!isPool(target)) {
    const oids = await lookUp(target);
    setParsers(target, oids);
    return oids;
  }
  const client = await target.connect();
  let oids;
  try {
    oids = await lookUp(client);
    setParsers(client, oids);
  } finally {
    client.release();
  }
  target.on('connect', (opened) => setParsers(opened, oids));
  return oids;
}
