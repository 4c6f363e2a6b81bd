// node-postgres: parse ulid (a string, as the server prints it) and ulid[] (an array of strings)
// on one client or on every client a pg.Pool opens. One catalog lookup per connection.
import { ULID_OIDS_QUERY, oidsFromRows } from './catalog.js';

const UUID_ARRAY_OID = 2951; // pg-types parses uuid[] into an array of strings, as ulid[] needs

function isPool(target) {
  return typeof target.setTypeParser !== 'function' && typeof target.on === 'function' && 'totalCount' in target;
}

async function registerClient(client) {
  const { rows } = await client.query(ULID_OIDS_QUERY);
  const oids = oidsFromRows(rows);
  client.setTypeParser(oids.ulid, 'text', (value) => value);
  client.setTypeParser(oids.ulidArray, 'text', client.getTypeParser(UUID_ARRAY_OID, 'text'));
  return oids;
}

/**
 * Registers the ulid and ulid[] parsers. A pg.Client (connected): looks the OIDs up and returns
 * them. A pg.Pool: every client it opens from now on gets them before its first query; a failed
 * lookup is reported as the pool's 'error' event.
 */
export async function registerTypes(target) {
  if (!isPool(target)) return registerClient(target);
  target.on('connect', (client) => {
    // The lookup is queued on the client before the caller's first query, so it is answered
    // (and the parsers set) before that query's rows arrive.
    registerClient(client).catch((error) => target.emit('error', error, client));
  });
  return undefined;
}
