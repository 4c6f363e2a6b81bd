-- Soft input errors of the TypeID types (PostgreSQL 16+): pg_input_is_valid, pg_input_error_info.
SET client_min_messages = warning;
SELECT typeid_define('user');
SELECT pg_input_is_valid('user_01h455vb4pex5vsknk084sn02q', 'user_id') AS valid,
       pg_input_is_valid('org_01h455vb4pex5vsknk084sn02q', 'user_id') AS other_prefix,
       pg_input_is_valid('user_81h455vb4pex5vsknk084sn02q', 'user_id') AS overflow,
       pg_input_is_valid('user_01h455vb4pex5vsknk084sn02q', 'typeid') AS typeid_valid,
       pg_input_is_valid('User_01h455vb4pex5vsknk084sn02q', 'typeid') AS typeid_upper;
SELECT * FROM pg_input_error_info('org_01h455vb4pex5vsknk084sn02q', 'user_id');
SELECT * FROM pg_input_error_info('user_01h455vb4pex5vsknk084sn0', 'user_id');
-- The empty suffix names the expected prefix too (#37).
SELECT * FROM pg_input_error_info('user_', 'user_id');
SELECT * FROM pg_input_error_info('_01h455vb4pex5vsknk084sn02q', 'typeid');
-- The UUID text form (#32), and a mistyped one.
SELECT pg_input_is_valid('01890a5d-ac96-774b-bcce-b302099a8057', 'user_id') AS uuid_form,
       pg_input_is_valid('01890a5d-ac96-774b-bcce-b302099a8057', 'typeid') AS typeid_uuid_form;
SELECT * FROM pg_input_error_info('01890a5d-ac96-774b-bcce-b302099a805g', 'user_id');
-- In an array of the type, too.
SELECT pg_input_is_valid('{user_01h455vb4pex5vsknk084sn02q,org_01h455vb4pex5vsknk084sn02q}', 'user_id[]') AS array_valid;
SELECT typeid_drop('user_id');
