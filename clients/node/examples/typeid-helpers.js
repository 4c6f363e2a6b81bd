import assert from 'node:assert/strict';
import { formatTypeID, generateTypeID, isTypeID, parseTypeID, typeIDTime, typeIDToUUID, uuidToTypeID } from 'uidext';

const id = generateTypeID('user'); // 'user_' and a UUIDv7 in 26 lowercase base32 digits
assert.ok(isTypeID(id, 'user') && !isTypeID(id, 'org'));

assert.deepEqual(parseTypeID('user_01h455vb4pex5vsknk084sn02q'), { prefix: 'user', uuid: '01890a5d-ac96-774b-bcce-b302099a8057' });
assert.equal(formatTypeID({ prefix: 'user', uuid: '01890a5d-ac96-774b-bcce-b302099a8057' }), 'user_01h455vb4pex5vsknk084sn02q');
assert.equal(uuidToTypeID('user', '01890a5d-ac96-774b-bcce-b302099a8057'), 'user_01h455vb4pex5vsknk084sn02q');
assert.equal(typeIDToUUID('user_01h455vb4pex5vsknk084sn02q'), '01890a5d-ac96-774b-bcce-b302099a8057');
assert.equal(typeIDTime('user_01h455vb4pex5vsknk084sn02q').toISOString(), '2023-06-30T03:34:18.518Z');

assert.throws(() => parseTypeID('user_01H455VB4PEX5VSKNK084SN02Q'), TypeError); // the spec's suffix is lowercase
