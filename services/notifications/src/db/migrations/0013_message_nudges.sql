CREATE TABLE "message_nudges" (
	"conversation_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"nudged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_nudges_pkey" PRIMARY KEY("conversation_id","recipient_id")
);
