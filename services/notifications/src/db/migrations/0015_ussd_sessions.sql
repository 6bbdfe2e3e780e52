CREATE TABLE "ussd_commands" (
	"command_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"step_key" text NOT NULL,
	"answer" jsonb,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" uuid,
	"inputs" jsonb NOT NULL,
	"last_screen" jsonb,
	"waited" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ussd_sessions_provider_session_id_pk" PRIMARY KEY("provider","session_id")
);
--> statement-breakpoint
CREATE INDEX "ussd_commands_session_idx" ON "ussd_commands" USING btree ("provider","session_id");