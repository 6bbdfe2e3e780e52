-- The audit log is append only: no UPDATE, DELETE or TRUNCATE, whoever asks (the service's own role included).
CREATE FUNCTION staff_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_audit_log_no_update_delete BEFORE UPDATE OR DELETE ON staff_audit_log FOR EACH ROW EXECUTE FUNCTION staff_audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_refuse_change();
--> statement-breakpoint
-- Staff accounts made before roles could do everything: they keep that as administrators with every role.
UPDATE admin_users SET roles = ARRAY['support', 'trust_safety', 'finance', 'administrator'] WHERE roles = '{}';
