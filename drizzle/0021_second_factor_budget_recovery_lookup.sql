CREATE TABLE "second_factor_guesses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"wrong_codes" integer NOT NULL,
	"notice_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD COLUMN "lookup" text;--> statement-breakpoint
ALTER TABLE "second_factor_guesses" ADD CONSTRAINT "second_factor_guesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;