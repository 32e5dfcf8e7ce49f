CREATE TABLE "transfer_volumes" (
	"organization_uid" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "transfer_volumes_organization_uid_day_type_fiat_currency_pk" PRIMARY KEY("organization_uid","day","type","fiat_currency")
);
--> statement-breakpoint
ALTER TABLE "transfer_volumes" ADD CONSTRAINT "transfer_volumes_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The completed volume moves with each statement that writes transfers (the same way as the ledger's
-- running balances, 0016): one upsert per day, type and rail the statement changes, in key order.
CREATE FUNCTION "transfer_volumes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Transfers go only with their organization, whose volumes may be gone first.
    UPDATE "transfer_volumes" v SET "amount" = v."amount" - d."amount", "count" = v."count" - d."count"
      FROM (
        SELECT "organization_uid", "day", "type", "fiat_currency", sum("amount") AS "amount", sum("count") AS "count"
          FROM (
          SELECT "organization_uid", ("created_at" AT TIME ZONE 'UTC')::date AS "day", "type", "fiat_currency", CASE WHEN "type" = 'off_ramp' THEN "target_amount" ELSE "source_amount" END AS "amount", 1 AS "count"
            FROM "old_transfers" WHERE "status" = 'completed'
          ) AS "gone"
          GROUP BY "organization_uid", "day", "type", "fiat_currency"
      ) d
      WHERE v."organization_uid" = d."organization_uid" AND v."day" = d."day" AND v."type" = d."type"
        AND v."fiat_currency" = d."fiat_currency";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "transfer_volumes" ("organization_uid", "day", "type", "fiat_currency", "amount", "count")
      SELECT "organization_uid", "day", "type", "fiat_currency", sum("amount"), sum("count")
        FROM (
          SELECT "organization_uid", ("created_at" AT TIME ZONE 'UTC')::date AS "day", "type", "fiat_currency", CASE WHEN "type" = 'off_ramp' THEN "target_amount" ELSE "source_amount" END AS "amount", 1 AS "count"
            FROM "new_transfers" WHERE "status" = 'completed'
        ) AS "delta"
      GROUP BY "organization_uid", "day", "type", "fiat_currency"
      HAVING sum("amount") <> 0 OR sum("count") <> 0
      ORDER BY "organization_uid", "day", "type", "fiat_currency"
    ON CONFLICT ("organization_uid", "day", "type", "fiat_currency") DO UPDATE SET
      "amount" = "transfer_volumes"."amount" + EXCLUDED."amount",
      "count" = "transfer_volumes"."count" + EXCLUDED."count";
  ELSE
    INSERT INTO "transfer_volumes" ("organization_uid", "day", "type", "fiat_currency", "amount", "count")
      SELECT "organization_uid", "day", "type", "fiat_currency", sum("amount"), sum("count")
        FROM (
          SELECT "organization_uid", ("created_at" AT TIME ZONE 'UTC')::date AS "day", "type", "fiat_currency", CASE WHEN "type" = 'off_ramp' THEN "target_amount" ELSE "source_amount" END AS "amount", 1 AS "count"
            FROM "new_transfers" WHERE "status" = 'completed'
          UNION ALL
          SELECT "organization_uid", ("created_at" AT TIME ZONE 'UTC')::date, "type", "fiat_currency", -(CASE WHEN "type" = 'off_ramp' THEN "target_amount" ELSE "source_amount" END), -1
            FROM "old_transfers" WHERE "status" = 'completed'
        ) AS "delta"
      GROUP BY "organization_uid", "day", "type", "fiat_currency"
      HAVING sum("amount") <> 0 OR sum("count") <> 0
      ORDER BY "organization_uid", "day", "type", "fiat_currency"
    ON CONFLICT ("organization_uid", "day", "type", "fiat_currency") DO UPDATE SET
      "amount" = "transfer_volumes"."amount" + EXCLUDED."amount",
      "count" = "transfer_volumes"."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "transfers_volumes_insert" AFTER INSERT ON "transfers" REFERENCING NEW TABLE AS "new_transfers" FOR EACH STATEMENT EXECUTE FUNCTION "transfer_volumes_apply"();--> statement-breakpoint
CREATE TRIGGER "transfers_volumes_update" AFTER UPDATE ON "transfers" REFERENCING OLD TABLE AS "old_transfers" NEW TABLE AS "new_transfers" FOR EACH STATEMENT EXECUTE FUNCTION "transfer_volumes_apply"();--> statement-breakpoint
CREATE TRIGGER "transfers_volumes_delete" AFTER DELETE ON "transfers" REFERENCING OLD TABLE AS "old_transfers" FOR EACH STATEMENT EXECUTE FUNCTION "transfer_volumes_apply"();--> statement-breakpoint
INSERT INTO "transfer_volumes" ("organization_uid", "day", "type", "fiat_currency", "amount", "count")
  SELECT "organization_uid", ("created_at" AT TIME ZONE 'UTC')::date, "type", "fiat_currency", sum(CASE WHEN "type" = 'off_ramp' THEN "target_amount" ELSE "source_amount" END), count(*)
    FROM "transfers" WHERE "status" = 'completed'
    GROUP BY "organization_uid", ("created_at" AT TIME ZONE 'UTC')::date, "type", "fiat_currency";
