-- One database per service, each owned by the service's own login role: a service owns its tables
-- and no other service can even connect to them. PostgreSQL runs this once, when its data volume is
-- empty (through create-databases.sh, which passes the passwords in as psql variables).
\set ON_ERROR_STOP on

CREATE ROLE identity LOGIN PASSWORD :'identity_password';
CREATE ROLE rides LOGIN PASSWORD :'rides_password';
CREATE ROLE notifications LOGIN PASSWORD :'notifications_password';
CREATE ROLE admin LOGIN PASSWORD :'admin_password';
CREATE ROLE payments LOGIN PASSWORD :'payments_password';

CREATE DATABASE krom_identity OWNER identity;
CREATE DATABASE krom_rides OWNER rides;
CREATE DATABASE krom_notifications OWNER notifications;
CREATE DATABASE krom_admin OWNER admin;
CREATE DATABASE krom_payments OWNER payments;

-- By default every role may connect to every database and make temporary tables there; only the
-- owner may now. (The `postgres` database stays open: a service checks there that its own exists.)
REVOKE CONNECT, TEMPORARY ON DATABASE krom_identity FROM PUBLIC;
REVOKE CONNECT, TEMPORARY ON DATABASE krom_rides FROM PUBLIC;
REVOKE CONNECT, TEMPORARY ON DATABASE krom_notifications FROM PUBLIC;
REVOKE CONNECT, TEMPORARY ON DATABASE krom_admin FROM PUBLIC;
REVOKE CONNECT, TEMPORARY ON DATABASE krom_payments FROM PUBLIC;

-- The local mobile money gateway's (docker-compose.yml, the local-momo profile), only when its
-- password is set: without one the role could not log in, and a setup with a real gateway needs none.
SELECT :'local_momo_password' <> '' AS with_local_momo \gset
\if :with_local_momo
CREATE ROLE local_momo LOGIN PASSWORD :'local_momo_password';
CREATE DATABASE krom_local_momo OWNER local_momo;
REVOKE CONNECT, TEMPORARY ON DATABASE krom_local_momo FROM PUBLIC;
\endif
