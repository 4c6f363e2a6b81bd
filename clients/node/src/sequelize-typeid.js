// Sequelize: a data type for columns of TypeID types made by typeid_define (values are TypeID
// strings both ways), key attributes filled by gen_<type>(), and typeid_define / typeid_drop for
// migrations (queryInterface).
import { isTypeID, typeIDDefaultSQL, typeIDDefineSQL, typeIDDropSQL, typeIDTypeSQL } from './typeid.js';

const classes = new WeakMap(); // Sequelize -> its TYPEID class

function typeIDClass(Sequelize) {
  if (!classes.has(Sequelize)) {
    // DataTypes.ABSTRACT is wrapped in a Proxy whose construct trap ignores subclasses: extend the class itself.
    const ABSTRACT = Sequelize.DataTypes.ABSTRACT.prototype.constructor;
    class TYPEID extends ABSTRACT {
      constructor(typeName) {
        super();
        this.typeName = typeName;
      }

      toSql() { return typeIDTypeSQL(this.typeName); }

      validate(value) {
        if (!isTypeID(value)) throw new TypeError(`invalid input syntax for type ${this.typeName}: ${JSON.stringify(value)}`);
        return true;
      }
    }
    TYPEID.prototype.key = TYPEID.key = 'TYPEID';
    classes.set(Sequelize, TYPEID);
  }
  return classes.get(Sequelize);
}

/**
 * TypeID helpers for Sequelize (the class, as imported):
 *   TYPEID('org_id')               the data type of an org_id column
 *   typeIDPrimaryKey('user_id')    user_id PRIMARY KEY DEFAULT gen_user_id(), filled by the database
 */
export function typeIDTypes(Sequelize) {
  const TYPEID = typeIDClass(Sequelize);
  return {
    TYPEID: (typeName) => new TYPEID(typeName),
    typeIDPrimaryKey: (typeName) => ({
      type: new TYPEID(typeName), primaryKey: true, allowNull: false, defaultValue: Sequelize.literal(typeIDDefaultSQL(typeName)),
    }),
  };
}

/** In a migration's up: `await defineTypeID(queryInterface, 'user')` (typeid_define unless the type exists). */
export function defineTypeID(queryInterface, prefix, typeName) {
  return queryInterface.sequelize.query(typeIDDefineSQL(prefix, typeName));
}

/** In a migration's down: `await dropTypeID(queryInterface, 'user_id')`, after the tables using it. */
export function dropTypeID(queryInterface, typeName) {
  return queryInterface.sequelize.query(typeIDDropSQL(typeName));
}
