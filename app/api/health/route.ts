import { db, ensureDbReady } from "@/lib/db";

// GET /api/health: the web process is up and reaches the database (for load balancers and tests)
export async function GET() {
  try {
    await ensureDbReady();
    await db.team.count();
    return Response.json({ status: "ok" });
  } catch (error) {
    return Response.json({ status: "error", message: error instanceof Error ? error.message : String(error) }, { status: 503 });
  }
}
