-- Version 12: a tournament coordinator's log as rows (issue 51). A save used to rewrite the whole
-- log into `tournaments.state` (2.6 MB after 10,000 hands, so the bytes written grew with the
-- square of the hands); now each save appends only the steps the books do not hold yet, one row
-- a step under its number, and `tournaments.state` keeps the small rest. `tournaments.steps` is
-- how many steps the newest save covers: its rows are numbered 0 to steps - 1. A save made
-- before this version (steps 0, the whole log in `state`) still loads as it was saved; the next
-- owner's first save writes its steps as rows.
CREATE TABLE tournament_steps (
    tournament TEXT NOT NULL,
    seq BIGINT NOT NULL,
    step TEXT NOT NULL,
    PRIMARY KEY (tournament, seq)
);
ALTER TABLE tournaments ADD COLUMN steps BIGINT NOT NULL DEFAULT 0;
