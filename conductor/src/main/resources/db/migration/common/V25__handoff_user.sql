-- The user whose API request a handoff carries on (issue 14): the owner that claims it records its history entries
-- under that user, as the conductor that took the request would have. NULL for requests that name nobody.
ALTER TABLE node_handoffs ADD COLUMN requested_user TEXT;
