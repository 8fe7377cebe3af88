-- Version 14: a finished tournament's results as its players saw them last (issue 51): the
-- standings with places and prizes, and a Swiss event's standings and rounds (JSON), written with
-- its end, so its page shows them after a restart and after its log's rows are forgotten.
ALTER TABLE tournaments ADD COLUMN results TEXT;
