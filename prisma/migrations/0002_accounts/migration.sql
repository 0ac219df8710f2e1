-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN "createdById" TEXT;

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "teamId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "invitedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "Invitation_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastFailureMs" BIGINT NOT NULL DEFAULT 0,
    "blockedUntilMs" BIGINT NOT NULL DEFAULT 0,
    "lastAttempt" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "SystemSetting" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- AlterTable (plain ADD COLUMN, not a table redefinition, since other branches change these tables too)
ALTER TABLE "User" ADD COLUMN "mustChangePassword" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN "lastSeenAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "userAgent" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Session" ADD COLUMN "ipAddress" TEXT NOT NULL DEFAULT '';

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


-- Key prefixes shown in listings: at most 8 characters (apiKeyPrefix in lib/auth/crypto.ts).
-- The prefix of the INITIAL_API_KEY key is recomputed at start, where the key length is known.
UPDATE "ApiKey" SET "prefix" = substr("prefix", 1, 8) WHERE length("prefix") > 8;
