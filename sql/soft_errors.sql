-- Soft input errors (PostgreSQL 16+): pg_input_is_valid and pg_input_error_info.
SELECT pg_input_is_valid('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'ulid') AS valid,
       pg_input_is_valid('01ARZ3NDEKTSV4RRFFQ69G5FAU', 'ulid') AS bad_char,
       pg_input_is_valid('8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ulid') AS overflow,
       pg_input_is_valid('01563e3a-b5d3-d676-4c61-efb99302bd5b', 'ulid') AS uuid_form;
SELECT * FROM pg_input_error_info('01ARZ3NDEKTSV4RRFFQ69G5FAU', 'ulid');
SELECT * FROM pg_input_error_info('short', 'ulid');
SELECT * FROM pg_input_error_info('8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ulid');
