CREATE TABLE "staff_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"service" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_roles" text[] NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text,
	"details" jsonb NOT NULL,
	"acted_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_audit_log_event_key" ON "staff_audit_log" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "staff_audit_log_acted_at_idx" ON "staff_audit_log" USING btree ("acted_at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_actor_idx" ON "staff_audit_log" USING btree ("actor_id","acted_at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_target_idx" ON "staff_audit_log" USING btree ("target_type","target_id");