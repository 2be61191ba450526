-- CreateTable
CREATE TABLE "status_pages" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "public_key" TEXT NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text),
    "title" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "status_pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "status_page_groups" (
    "id" SERIAL NOT NULL,
    "status_page_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "status_page_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "status_page_checks" (
    "group_id" INTEGER NOT NULL,
    "check_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "status_page_checks_pkey" PRIMARY KEY ("group_id","position")
);

-- CreateIndex
CREATE UNIQUE INDEX "status_pages_project_id_key" ON "status_pages"("project_id");

-- CreateIndex
CREATE UNIQUE INDEX "status_pages_public_key_key" ON "status_pages"("public_key");

-- CreateIndex
CREATE UNIQUE INDEX "status_page_groups_status_page_id_position_key" ON "status_page_groups"("status_page_id", "position");

-- CreateIndex
CREATE INDEX "status_page_checks_check_id_idx" ON "status_page_checks"("check_id");

-- CreateIndex
CREATE UNIQUE INDEX "status_page_checks_group_id_check_id_key" ON "status_page_checks"("group_id", "check_id");

-- AddForeignKey
ALTER TABLE "status_pages" ADD CONSTRAINT "status_pages_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_groups" ADD CONSTRAINT "status_page_groups_status_page_id_fkey" FOREIGN KEY ("status_page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_checks" ADD CONSTRAINT "status_page_checks_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "status_page_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_checks" ADD CONSTRAINT "status_page_checks_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

