-- The retention pruner deletes the rows that follow a flip (reminders, escalations,
-- acknowledgements, held notifications) once the flip itself is gone, found by flip id.
-- escalations and acknowledgements have such an index already. The held notifications index on
-- flip_id was partial (dependency holds only): it now covers every row, and still serves the
-- dependency queries.
CREATE INDEX "reminders_flip_id_idx" ON "reminders"("flip_id");
DROP INDEX "held_notifications_flip_id_idx";
CREATE INDEX "held_notifications_flip_id_idx" ON "held_notifications"("flip_id");
