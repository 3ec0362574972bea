-- session_open (every member's request, the first round trip): its one SELECT was planned for its
-- value on every call. After five calls on a connection PostgreSQL compares the generic plan's cost
-- with the custom plans' and kept planning (about 0.35 ms of PostgreSQL's CPU per request,
-- docs/performance.md, issue 32). The statement is a walk of unique indexes from the token's hash:
-- a generic plan serves every value, planned once per connection.
ALTER FUNCTION session_open(text) SET plan_cache_mode = force_generic_plan;
