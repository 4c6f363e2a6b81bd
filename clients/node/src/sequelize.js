// Sequelize: two data types for keys, both bound as UUID text so that a value fits a ulid column
// and a uuid column alike (ulid input takes UUID text; uuid input refuses ULID text):
//   ULID          a ulid column
//   ULID_IN_UUID  a uuid column holding ULID keys (a uuid -> ulid foreign key), read as ULID text
import { isULID, normalizeULID, ulidToUUID } from './ulid.js';

function keyTypes(ABSTRACT) {
  class ULID extends ABSTRACT {
    toSql() { return 'ULID'; }

    validate(value) {
      ulidToUUID(value); // throws a TypeError naming the value
      return true;
    }

    // Values set on an instance and values read from the database (ULID or UUID text).
    _sanitize(value) { return isULID(value) ? normalizeULID(value) : value; }

    _stringify(value) { return ulidToUUID(value); }

    _bindParam(value, options) { return options.bindParam(ulidToUUID(value)); }
  }
  ULID.prototype.key = ULID.key = 'ULID';

  class ULID_IN_UUID extends ULID {
    toSql() { return 'UUID'; }
  }
  ULID_IN_UUID.prototype.key = ULID_IN_UUID.key = 'ULID_IN_UUID';
  return { ULID, ULID_IN_UUID };
}

// Sequelize calls a custom getter with the attribute's name.
function readAsULID(key) {
  const value = this.getDataValue(key);
  return isULID(value) ? normalizeULID(value) : value;
}

// Sequelize's own convention: a type is a class that can be used with or without `new`.
function invokable(Class) {
  return new Proxy(Class, { apply: (Target, self, args) => new Target(...args) });
}

/**
 * Adds DataTypes.ULID and DataTypes.ULID_IN_UUID to Sequelize (the class, as imported) and returns
 * them with column helpers. Calling it again returns the same types.
 */
export function registerTypes(Sequelize) {
  const { DataTypes } = Sequelize;
  if (!DataTypes.ULID) {
    // DataTypes.ABSTRACT is wrapped in a Proxy whose construct trap ignores subclasses: extend the class itself.
    const types = keyTypes(DataTypes.ABSTRACT.prototype.constructor);
    DataTypes.ULID = invokable(types.ULID);
    DataTypes.ULID_IN_UUID = invokable(types.ULID_IN_UUID);
  }
  const { ULID, ULID_IN_UUID } = DataTypes;
  return {
    ULID,
    ULID_IN_UUID,
    /**
     * A uuid column holding ULID keys (options such as `name` or `allowNull` merge in): the getter
     * shows ULID text also where Sequelize stores database values without sanitizing them
     * (RETURNING, eager loading).
     */
    ulidInUuid: (options = {}) => ({ type: ULID_IN_UUID, get: readAsULID, ...options }),
    /** `ulid PRIMARY KEY DEFAULT gen_ulid()`, filled by the database. */
    ulidPrimaryKey: () => ({ type: ULID, primaryKey: true, allowNull: false, defaultValue: Sequelize.literal('gen_ulid()') }),
    /** `uuid PRIMARY KEY DEFAULT gen_uuidv7()`, filled by the database. */
    uuidv7PrimaryKey: () => ({ type: DataTypes.UUID, primaryKey: true, allowNull: false, defaultValue: Sequelize.literal('gen_uuidv7()') }),
  };
}

// TypeID columns and typeid_define / typeid_drop for migrations.
export { defineTypeID, dropTypeID, typeIDTypes } from './sequelize-typeid.js';
