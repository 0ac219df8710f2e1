-- CreateTable
CREATE TABLE "StorageRecord" (
    "location" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StorageRecord_pkey" PRIMARY KEY ("location","key")
);

