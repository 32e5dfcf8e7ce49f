ALTER TABLE "chain_transfers" DROP CONSTRAINT "chain_transfers_kind_check";--> statement-breakpoint
DROP INDEX "chain_transfers_log_unique";--> statement-breakpoint
ALTER TABLE "ledger_balances" ALTER COLUMN "fiat_currency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "transfer_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "fiat_currency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "wallet_uid" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "chain_transfer_uid" uuid;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_wallet_uid_registered_wallets_uid_fk" FOREIGN KEY ("wallet_uid") REFERENCES "public"."registered_wallets"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_chain_transfer_uid_chain_transfers_uid_fk" FOREIGN KEY ("chain_transfer_uid") REFERENCES "public"."chain_transfers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_incoming_unique" ON "chain_transfers" USING btree ("chain_id","tx_hash","log_index","organization_uid") WHERE "chain_transfers"."kind" = 'incoming';--> statement-breakpoint
CREATE INDEX "chain_transfers_organization_idx" ON "chain_transfers" USING btree ("organization_uid","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_chain_transfer_idx" ON "ledger_entries" USING btree ("chain_transfer_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_log_unique" ON "chain_transfers" USING btree ("chain_id","tx_hash","log_index") WHERE "chain_transfers"."kind" = 'delivery';--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_incoming_check" CHECK (("chain_transfers"."kind" = 'incoming') = ("chain_transfers"."holder" is not null and "chain_transfers"."organization_uid" is not null));--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_kind_check" CHECK ("chain_transfers"."kind" in ('delivery', 'incoming'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_of_check" CHECK (("ledger_entries"."transfer_uid" is null) <> ("ledger_entries"."chain_transfer_uid" is null));;--> statement-breakpoint
-- An incoming deposit's lines have no fiat rail (null): the balances' delete branch matches it as
-- the unique key does (nulls not distinct); the rest of the function is 0016's.
CREATE OR REPLACE FUNCTION "ledger_balances_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Lines go only with their transfer or organization; with an organization, its balances may be gone first.
    UPDATE "ledger_balances" b SET
        "posted" = b."posted" - d."posted", "pending" = b."pending" - d."pending", "lines" = b."lines" - d."lines"
      FROM (
        SELECT "account_uid", "fiat_currency", "wallet_uid",
            coalesce(sum("amount") FILTER (WHERE "status" = 'posted'), 0) AS "posted",
            coalesce(sum("amount") FILTER (WHERE "status" = 'pending'), 0) AS "pending",
            count(*) AS "lines"
          FROM "old_lines" WHERE "status" <> 'archived'
          GROUP BY "account_uid", "fiat_currency", "wallet_uid"
      ) d
      WHERE b."account_uid" = d."account_uid" AND b."fiat_currency" IS NOT DISTINCT FROM d."fiat_currency"
        AND b."wallet_uid" IS NOT DISTINCT FROM d."wallet_uid";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ledger_balances" ("organization_uid", "account_uid", "fiat_currency", "wallet_uid", "posted", "pending", "lines")
      SELECT "organization_uid", "account_uid", "fiat_currency", "wallet_uid",
          coalesce(sum("amount") FILTER (WHERE "status" = 'posted'), 0),
          coalesce(sum("amount") FILTER (WHERE "status" = 'pending'), 0), count(*)
        FROM "new_lines" WHERE "status" <> 'archived'
      GROUP BY "organization_uid", "account_uid", "fiat_currency", "wallet_uid"
      ORDER BY "account_uid", "fiat_currency", "wallet_uid"
    ON CONFLICT ("account_uid", "fiat_currency", "wallet_uid") DO UPDATE SET
      "posted" = "ledger_balances"."posted" + EXCLUDED."posted",
      "pending" = "ledger_balances"."pending" + EXCLUDED."pending",
      "lines" = "ledger_balances"."lines" + EXCLUDED."lines";
  ELSE
    INSERT INTO "ledger_balances" ("organization_uid", "account_uid", "fiat_currency", "wallet_uid", "posted", "pending", "lines")
      SELECT "organization_uid", "account_uid", "fiat_currency", "wallet_uid", sum("posted"), sum("pending"), sum("lines")
        FROM (
          SELECT "organization_uid", "account_uid", "fiat_currency", "wallet_uid",
              CASE WHEN "status" = 'posted' THEN "amount" ELSE 0 END AS "posted",
              CASE WHEN "status" = 'pending' THEN "amount" ELSE 0 END AS "pending", 1 AS "lines"
            FROM "new_lines" WHERE "status" <> 'archived'
          UNION ALL
          SELECT "organization_uid", "account_uid", "fiat_currency", "wallet_uid",
              CASE WHEN "status" = 'posted' THEN -"amount" ELSE 0 END,
              CASE WHEN "status" = 'pending' THEN -"amount" ELSE 0 END, -1
            FROM "old_lines" WHERE "status" <> 'archived'
        ) AS "delta"
      GROUP BY "organization_uid", "account_uid", "fiat_currency", "wallet_uid"
      HAVING sum("posted") <> 0 OR sum("pending") <> 0 OR sum("lines") <> 0
      ORDER BY "account_uid", "fiat_currency", "wallet_uid"
    ON CONFLICT ("account_uid", "fiat_currency", "wallet_uid") DO UPDATE SET
      "posted" = "ledger_balances"."posted" + EXCLUDED."posted",
      "pending" = "ledger_balances"."pending" + EXCLUDED."pending",
      "lines" = "ledger_balances"."lines" + EXCLUDED."lines";
  END IF;
  RETURN NULL;
END;
$$;