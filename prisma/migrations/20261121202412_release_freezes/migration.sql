-- CreateTable
CREATE TABLE "release_freezes" (
    "release_id" INTEGER NOT NULL,
    "requested_by_id" TEXT,
    "stage" TEXT NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "release_freezes_pkey" PRIMARY KEY ("release_id")
);

-- AddForeignKey
ALTER TABLE "release_freezes" ADD CONSTRAINT "release_freezes_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_freezes" ADD CONSTRAINT "release_freezes_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
