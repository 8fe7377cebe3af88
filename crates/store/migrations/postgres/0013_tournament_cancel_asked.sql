-- Version 13: the operator's cancel of a tournament asked at a node that does not hold its
-- coordinator (issue 51). The node writes when it was asked here; the coordinator's node, at its
-- next heartbeat, gives its coordinator the cancel and clears it.
ALTER TABLE tournaments ADD COLUMN cancel_asked_at BIGINT;
