-- The http_config fields that can carry credentials (url, headers, basic_auth) are stored
-- AES-256-GCM encrypted by the api from now on. Rows written before keep them in http_config
-- (readers merge both halves) until their next update: SQL cannot encrypt without the key.
ALTER TABLE "checks" ADD COLUMN "http_secrets" BYTEA;
