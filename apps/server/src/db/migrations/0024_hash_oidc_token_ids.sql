-- Issue 21 part 6 (review M4): oidc-provider's bearer values are no longer stored in clear.
-- For every model whose id is what a client or browser presents (refresh tokens, authorization
-- codes, sessions, interactions, device codes…) the row's id becomes the SHA-256 of that value,
-- in hex, and the payload drops its copy (`jti`); identity/adapter.ts hashes a presented value
-- the same way to find the row, and puts `jti` back on the way out. Grant, Client and
-- ReplayDetection ids are no credentials and stay (the other rows name their grant by id). An
-- interaction also keeps its own id in `returnTo` (the resume URL, now with a placeholder) and
-- its session's cookie value in `session.cookie` (dropped: nothing reads it back).
UPDATE "oidc_payloads"
   SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex'),
       "payload" = CASE
         WHEN "model" = 'Interaction' AND jsonb_typeof("payload" -> 'returnTo') = 'string'
           THEN jsonb_set(("payload" - 'jti') #- '{session,cookie}', '{returnTo}',
                          to_jsonb(replace("payload" ->> 'returnTo', "id", '{id}')))
         WHEN "model" = 'Interaction' THEN ("payload" - 'jti') #- '{session,cookie}'
         ELSE "payload" - 'jti'
       END
 WHERE "model" NOT IN ('Grant', 'Client', 'ReplayDetection');
