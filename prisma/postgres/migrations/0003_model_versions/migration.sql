-- Model versions (retrain), decision thresholds and read-only report links.

-- AlterTable
ALTER TABLE "Model" ADD COLUMN     "activeVersion" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "thresholds" TEXT NOT NULL DEFAULT '{}',
ADD COLUMN     "versionCount" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "ModelVersion" (
    "id" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "taskId" TEXT,
    "datasetVersion" TEXT NOT NULL,
    "reuseKey" TEXT NOT NULL,
    "result" TEXT NOT NULL,
    "report" TEXT NOT NULL DEFAULT '{}',
    "artifactPath" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReportShareLink" (
    "id" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "includeExamples" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "lastViewedAt" TIMESTAMP(3),

    CONSTRAINT "ReportShareLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ModelVersion_taskId_idx" ON "ModelVersion"("taskId");

-- CreateIndex
CREATE UNIQUE INDEX "ModelVersion_modelId_number_key" ON "ModelVersion"("modelId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "ReportShareLink_tokenHash_key" ON "ReportShareLink"("tokenHash");

-- CreateIndex
CREATE INDEX "ReportShareLink_modelId_idx" ON "ReportShareLink"("modelId");

-- AddForeignKey
ALTER TABLE "ModelVersion" ADD CONSTRAINT "ModelVersion_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportShareLink" ADD CONSTRAINT "ReportShareLink_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: every existing model becomes version 1 of itself, produced by its first training task.
INSERT INTO "ModelVersion" ("id", "modelId", "number", "taskId", "datasetVersion", "reuseKey", "result", "report", "artifactPath", "createdAt")
SELECT m."id", m."id", 1,
       (SELECT t."id" FROM "Task" t WHERE t."resultId" = m."id" AND t."kind" = 'train' ORDER BY t."createdAt" ASC LIMIT 1),
       m."datasetVersion", m."reuseKey", m."result", m."report", m."artifactPath", m."createdAt"
FROM "Model" m;
