-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "createdById" TEXT;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "ipAddress" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "lastSeenAt" TIMESTAMP(3),
ADD COLUMN     "userAgent" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "mustChangePassword" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "invitedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastFailureMs" BIGINT NOT NULL DEFAULT 0,
    "blockedUntilMs" BIGINT NOT NULL DEFAULT 0,
    "lastAttempt" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "SystemSetting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SystemSetting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "Invitation_email_idx" ON "Invitation"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_teamId_email_key" ON "Invitation"("teamId", "email");

-- CreateIndex
CREATE INDEX "ApiKey_teamId_createdById_idx" ON "ApiKey"("teamId", "createdById");

-- CreateIndex
CREATE INDEX "Task_status_kind_teamId_createdAt_idx" ON "Task"("status", "kind", "teamId", "createdAt");

-- CreateIndex
CREATE INDEX "Task_teamId_kind_startedAt_idx" ON "Task"("teamId", "kind", "startedAt");

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Key prefixes shown in listings: at most 8 characters (apiKeyPrefix in lib/auth/crypto.ts).
-- The prefix of the INITIAL_API_KEY key is recomputed at start, where the key length is known.
UPDATE "ApiKey" SET "prefix" = substr("prefix", 1, 8) WHERE length("prefix") > 8;
