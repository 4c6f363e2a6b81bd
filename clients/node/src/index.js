// The package's entry point ('uidext'): the ULID and UUID text helpers (ulid.js) and the TypeID
// ones (typeid.js, which builds on ulid.js). Modules of the package import ulid.js directly.
export {
  generateULID, isULID, isUUID, normalizeULID, ulidMaxFor, ulidMinFor, ulidTime, ulidToUUID, uuidToULID,
} from './ulid.js';

// TypeID (spec 0.3): text helpers and the SQL of typeid_define / typeid_drop for migrations.
export {
  formatTypeID, generateTypeID, isTypeID, parseTypeID, typeIDDefineSQL, typeIDDropSQL, typeIDTime, typeIDToUUID, uuidToTypeID,
} from './typeid.js';
