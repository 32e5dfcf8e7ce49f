CREATE TABLE "ledger_balances" (
	"organization_uid" uuid NOT NULL,
	"account_uid" uuid NOT NULL,
	"fiat_currency" text NOT NULL,
	"wallet_uid" uuid,
	"posted" numeric(38, 8) NOT NULL,
	"pending" numeric(38, 8) NOT NULL,
	"lines" bigint NOT NULL,
	CONSTRAINT "ledger_balances_account_fiat_wallet_unique" UNIQUE NULLS NOT DISTINCT("account_uid","fiat_currency","wallet_uid")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "fiat_currency" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "wallet_uid" uuid;--> statement-breakpoint
UPDATE "ledger_entries" SET "fiat_currency" = t."fiat_currency", "wallet_uid" = t."wallet_uid"
  FROM "transfers" t WHERE t."uid" = "ledger_entries"."transfer_uid";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "fiat_currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_account_uid_ledger_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."ledger_accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_balances_organization_idx" ON "ledger_balances" USING btree ("organization_uid");--> statement-breakpoint
-- The running balances move with each statement that writes ledger lines: one upsert per balance
-- the statement changes, in the balances' key order, so two transactions that change the same
-- balances (an on-ramp and an off-ramp of one wallet) lock them in the same order and never
-- deadlock. An upsert of a proposed row that conflicts still passes the table's constraints, so
-- a decrease is a negative delta and the table has no sign checks.
CREATE FUNCTION "ledger_balances_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHERE b."account_uid" = d."account_uid" AND b."fiat_currency" = d."fiat_currency"
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
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_balances_insert" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_balances_apply"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_balances_update" AFTER UPDATE ON "ledger_entries" REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_balances_apply"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_balances_delete" AFTER DELETE ON "ledger_entries" REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_balances_apply"();--> statement-breakpoint
INSERT INTO "ledger_balances" ("organization_uid", "account_uid", "fiat_currency", "wallet_uid", "posted", "pending", "lines")
  SELECT "organization_uid", "account_uid", "fiat_currency", "wallet_uid",
      coalesce(sum("amount") FILTER (WHERE "status" = 'posted'), 0),
      coalesce(sum("amount") FILTER (WHERE "status" = 'pending'), 0), count(*)
    FROM "ledger_entries" WHERE "status" <> 'archived'
    GROUP BY "organization_uid", "account_uid", "fiat_currency", "wallet_uid";
