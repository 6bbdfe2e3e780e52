#!/bin/sh
# Run by the postgres image's entrypoint on an empty data volume (from /docker-entrypoint-initdb.d).
# SQL files there cannot read the environment, so this passes each service's password to psql as a
# variable; psql quotes it where create-databases.sql writes :'name'. No `exit` and no `set`: the
# entrypoint sources a file that is not executable rather than running it.
: "${IDENTITY_DB_PASSWORD:?}" "${RIDES_DB_PASSWORD:?}" "${NOTIFICATIONS_DB_PASSWORD:?}" "${ADMIN_DB_PASSWORD:?}" "${PAYMENTS_DB_PASSWORD:?}"
psql --no-psqlrc --username "$POSTGRES_USER" --dbname postgres \
  --set identity_password="$IDENTITY_DB_PASSWORD" \
  --set rides_password="$RIDES_DB_PASSWORD" \
  --set notifications_password="$NOTIFICATIONS_DB_PASSWORD" \
  --set admin_password="$ADMIN_DB_PASSWORD" \
  --set payments_password="$PAYMENTS_DB_PASSWORD" \
  --set local_momo_password="${LOCAL_MOMO_DB_PASSWORD:-}" \
  --file /etc/krom/create-databases.sql
