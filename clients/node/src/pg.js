// node-postgres: parse ulid (a string, as the server prints it) and ulid[] (an array of strings),
// and likewise typeid and every per-prefix TypeID type with their arrays, on one client or on
// every client a pg.Pool opens: one catalog lookup per Client, one per Pool (per registerTypes call).
import { ULID_OIDS_QUERY, oidsFromRows } from './catalog.js';

const UUID_ARRAY_OID = 2951; // pg-types parses uuid[] into an array of strings, as ulid[] needs
const asText = (value) => value;
const registered = Symbol('uidext registration'); // on a pool's client: the registration it has

function isPool(target) {
  return typeof target.setTypeParser !== 'function' && typeof target.on === 'function' && 'totalCount' in target;
}

// TypeID text, like ULID text, needs no quotes in an array: uuid[]'s parser fits all of them.
function setParsers(client, oids) {
  const arrayParser = client.getTypeParser(UUID_ARRAY_OID, 'text');
  client.setTypeParser(oids.ulid, 'text', asText);
  client.setTypeParser(oids.ulidArray, 'text', arrayParser);
  for (const type of oids.typeids) {
    client.setTypeParser(type.oid, 'text', asText);
    client.setTypeParser(type.arrayOid, 'text', arrayParser);
  }
}

async function lookUp(client) {
  const { rows } = await client.query(ULID_OIDS_QUERY);
  return oidsFromRows(rows);
}

const pools = new WeakMap(); // pg.Pool -> { oids }: the last registration, shared by its clients

function follow(pool, state) {
  const update = (client) => {
    if (client[registered] !== state.oids) {
      setParsers(client, state.oids);
      client[registered] = state.oids;
    }
  };
  pool.on('connect', update);
  pool.on('acquire', update); // clients opened before a later registerTypes: no query, a compare
}

/**
 * Registers the parsers of ulid, typeid, the per-prefix TypeID types and their arrays; resolves
 * with the OIDs. A pg.Client (connected): one lookup in its database.
 * A pg.Pool (call it before the pool's first use): one lookup on one of its clients; every client
 * the pool opens gets the parsers as it connects, with no query (a pool has one database).
 * A type made by typeid_define afterwards: call registerTypes again (the pool's clients already
 * open take the new parsers when next checked out).
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
  } finally {
    client.release();
  }
  let state = pools.get(target);
  if (!state) {
    state = { oids };
    pools.set(target, state);
    follow(target, state);
  }
  state.oids = oids;
  setParsers(client, oids);
  client[registered] = oids;
  return oids;
}
