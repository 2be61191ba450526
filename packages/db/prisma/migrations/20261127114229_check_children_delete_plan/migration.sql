-- The trigger of 20261127095629_check_children_by_statement joined its transition table:
-- `DELETE … USING deleted d WHERE … = d.id`. PL/pgSQL caches a statement's plan for the session,
-- and the planner sized that join by the first delete's rows: after deleting a large project, the
-- same connection deleted a single check's pings with a hash join over a sequential scan of all
-- pings. Comparing with an array of the deleted ids plans an index scan whatever the count.
-- (No literal semicolon in the body: the migration runner splits a script at every semicolon,
-- so it is written \073 in an escaped string.)
CREATE OR REPLACE FUNCTION "upmon_checks_delete_children"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM pings WHERE check_id = ANY(ARRAY(SELECT id FROM deleted))\073
  DELETE FROM flips WHERE check_id = ANY(ARRAY(SELECT id FROM deleted))\073
  RETURN NULL\073
END';
