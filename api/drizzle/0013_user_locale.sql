ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_supported" CHECK ("users"."locale" in ('en', 'es-MX', 'pt-BR'));