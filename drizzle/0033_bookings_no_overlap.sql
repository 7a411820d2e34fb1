-- Two confirmed bookings never overlap, counting the buffer after each: checked by the database,
-- so concurrent requests (on any instance) cannot both take one slot. Range types have a GiST
-- operator class of their own: no extension is needed, on PostgreSQL or the embedded PGlite.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (tstzrange("start_at", "blocked_until", '[)') WITH &&) WHERE ("status" = 'confirmed');
