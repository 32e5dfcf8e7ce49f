ALTER TABLE "transfer_events" ADD COLUMN "note_code" text;--> statement-breakpoint
ALTER TABLE "transfer_events" ADD COLUMN "note_params" jsonb;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "failure_reason_code" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "failure_reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_note_code_check" CHECK ("transfer_events"."note_code" in ('approved_by', 'canceled_by', 'rejected_by'));--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_note_params_check" CHECK (("transfer_events"."note_code" is null) = ("transfer_events"."note_params" is null));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_failure_reason_code_check" CHECK ("transfers"."failure_reason_code" in ('canceled_by', 'rejected_by'));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_failure_reason_params_check" CHECK (("transfers"."failure_reason_code" is null) = ("transfers"."failure_reason_params" is null));--> statement-breakpoint
-- Rows written before the codes: a member's decision was worded "Approved by <e-mail>", "Canceled by
-- <e-mail>[: <reason>]" or "Rejected by <e-mail>[: <reason>]" (transfers/notes.ts). Only a member's
-- steps (source 'user') are read, so a provider's reason that happens to start the same way stays free text.
UPDATE "transfer_events" SET
  "note_code" = CASE "parsed"."words"[1] WHEN 'Approved' THEN 'approved_by' WHEN 'Canceled' THEN 'canceled_by' ELSE 'rejected_by' END,
  "note_params" = jsonb_strip_nulls(jsonb_build_object('actor', "parsed"."words"[2], 'reason', "parsed"."words"[3]))
  FROM (
    SELECT "id", regexp_match("note", '^(Approved|Canceled|Rejected) by ([^\s:@]+@[^\s:]+)(?:: (.+))?$') AS "words"
      FROM "transfer_events"
      WHERE "source" = 'user' AND "note_code" IS NULL AND "note" ~ '^(Approved|Canceled|Rejected) by '
  ) AS "parsed"
  WHERE "transfer_events"."id" = "parsed"."id" AND "parsed"."words" IS NOT NULL
    AND "transfer_events"."to_status" = CASE "parsed"."words"[1] WHEN 'Approved' THEN 'awaiting_funds' ELSE 'canceled' END;--> statement-breakpoint
-- A transfer a member called off carries the same words as its reason as the step that canceled it.
UPDATE "transfers" SET "failure_reason_code" = "e"."note_code", "failure_reason_params" = "e"."note_params"
  FROM "transfer_events" "e"
  WHERE "e"."transfer_uid" = "transfers"."uid" AND "e"."to_status" = 'canceled' AND "e"."source" = 'user'
    AND "e"."note_code" IN ('canceled_by', 'rejected_by') AND "e"."note" = "transfers"."failure_reason"
    AND "transfers"."status" = 'canceled' AND "transfers"."failure_reason_code" IS NULL;
