ALTER TABLE "transfer_events" DROP CONSTRAINT "transfer_events_note_code_check";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_failure_reason_code_check";--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_note_code_check" CHECK ("transfer_events"."note_code" in ('approved_by', 'canceled_by', 'rejected_by', 'provider_unavailable', 'provider_refused', 'provider_unreachable'));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_failure_reason_code_check" CHECK ("transfers"."failure_reason_code" in ('canceled_by', 'rejected_by', 'provider_unavailable', 'provider_refused', 'provider_unreachable'));--> statement-breakpoint
-- Rows written before these codes: the API's own reasons for failing a transfer before the provider
-- knew of it were worded "This provider cannot be reached from this installation.", "The provider
-- refused the transfer: <the provider's message>" or "We could not reach the provider. Nothing was
-- moved; start again." (transfers/notes.ts). Only the API's own steps (source 'system', to failed) are
-- read, so a provider's reason worded the same way stays free text.
UPDATE "transfer_events" SET
  "note_code" = CASE "note"
    WHEN 'This provider cannot be reached from this installation.' THEN 'provider_unavailable'
    WHEN 'We could not reach the provider. Nothing was moved; start again.' THEN 'provider_unreachable'
    ELSE 'provider_refused' END,
  "note_params" = CASE WHEN starts_with("note", 'The provider refused the transfer: ')
    THEN jsonb_build_object('reason', substr("note", length('The provider refused the transfer: ') + 1))
    ELSE '{}'::jsonb END
  WHERE "source" = 'system' AND "to_status" = 'failed' AND "note_code" IS NULL
    AND ("note" IN ('This provider cannot be reached from this installation.',
                    'We could not reach the provider. Nothing was moved; start again.')
      OR starts_with("note", 'The provider refused the transfer: '));--> statement-breakpoint
-- A transfer the API failed carries the same words as its reason as the step that failed it.
UPDATE "transfers" SET "failure_reason_code" = "e"."note_code", "failure_reason_params" = "e"."note_params"
  FROM "transfer_events" "e"
  WHERE "e"."transfer_uid" = "transfers"."uid" AND "e"."to_status" = 'failed' AND "e"."source" = 'system'
    AND "e"."note_code" IN ('provider_unavailable', 'provider_refused', 'provider_unreachable')
    AND "e"."note" = "transfers"."failure_reason"
    AND "transfers"."status" = 'failed' AND "transfers"."failure_reason_code" IS NULL;
