-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "badge_key" TEXT NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text);

-- CreateIndex
CREATE UNIQUE INDEX "projects_badge_key_key" ON "projects"("badge_key");

