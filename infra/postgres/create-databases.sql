-- One database per service: a service owns its tables and no other service reads them.
-- PostgreSQL runs this once, when its data volume is empty. The services also create their
-- database at start when it is missing (and migrate it), so this file is the layout on record.
CREATE DATABASE krom_identity;
CREATE DATABASE krom_rides;
CREATE DATABASE krom_notifications;
CREATE DATABASE krom_admin;
