CREATE INDEX "email_logs_pending_idx" ON "email_logs" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "handled_events_handled_at_idx" ON "handled_events" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "outbox_published_idx" ON "outbox" USING btree ("published_at") WHERE published_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_logs_pending_idx" ON "sms_logs" USING btree ("created_at") WHERE status = 'pending';