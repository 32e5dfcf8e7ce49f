DROP INDEX "transfers_organization_created_idx";--> statement-breakpoint
DROP INDEX "transfers_organization_status_created_idx";--> statement-breakpoint
DROP INDEX "transfers_organization_type_created_idx";--> statement-breakpoint
DROP INDEX "transfers_organization_currency_created_idx";--> statement-breakpoint
CREATE INDEX "transfers_organization_created_idx" ON "transfers" USING btree ("organization_uid","created_at","uid","type","status","fiat_currency");--> statement-breakpoint
CREATE INDEX "transfers_organization_status_created_idx" ON "transfers" USING btree ("organization_uid","status","created_at","uid","type","fiat_currency");--> statement-breakpoint
CREATE INDEX "transfers_organization_type_created_idx" ON "transfers" USING btree ("organization_uid","type","created_at","uid","status","fiat_currency");--> statement-breakpoint
CREATE INDEX "transfers_organization_currency_created_idx" ON "transfers" USING btree ("organization_uid","fiat_currency","created_at","uid","type","status");