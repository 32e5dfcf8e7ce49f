CREATE TABLE "transfer_counts" (
	"organization_uid" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "transfer_counts_organization_uid_type_status_fiat_currency_pk" PRIMARY KEY("organization_uid","type","status","fiat_currency"),
	CONSTRAINT "transfer_counts_count_check" CHECK ("transfer_counts"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transfer_counts" ADD CONSTRAINT "transfer_counts_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "transfer_counts_maintain"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "transfer_counts" SET "count" = "count" - 1
      WHERE "organization_uid" = OLD."organization_uid" AND "type" = OLD."type"
        AND "status" = OLD."status" AND "fiat_currency" = OLD."fiat_currency";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "transfer_counts" ("organization_uid", "type", "status", "fiat_currency", "count")
      VALUES (NEW."organization_uid", NEW."type", NEW."status", NEW."fiat_currency", 1)
      ON CONFLICT ("organization_uid", "type", "status", "fiat_currency")
      DO UPDATE SET "count" = "transfer_counts"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "transfers_counts" AFTER INSERT OR DELETE OR UPDATE OF "organization_uid", "type", "status", "fiat_currency" ON "transfers" FOR EACH ROW EXECUTE FUNCTION "transfer_counts_maintain"();--> statement-breakpoint
INSERT INTO "transfer_counts" ("organization_uid", "type", "status", "fiat_currency", "count")
  SELECT "organization_uid", "type", "status", "fiat_currency", count(*) FROM "transfers"
  GROUP BY "organization_uid", "type", "status", "fiat_currency";
