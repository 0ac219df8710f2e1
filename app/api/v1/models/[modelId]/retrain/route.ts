import { apiV1Route } from "@/lib/http/route";
import { readBody } from "@/lib/http/body";
import { retrainRequestSchema } from "@/lib/schemas/model-versions";
import { retrainModel } from "@/lib/services/model-versions";
import { startedBy } from "@/lib/services/training";

// POST /api/v1/models/{model_id}/retrain: train the model again with its settings on the dataset's current rows; the result becomes its next version (extension)
export const POST = apiV1Route({}, async ({ request, team, params }) => {
  // The body is optional: an empty one means the defaults.
  const parsed = await readBody(request);
  const body = retrainRequestSchema.parse(parsed.kind === "none" ? {} : parsed.value);
  const { taskId } = await retrainModel({ teamId: team.teamId, modelId: params.modelId, activate: body.activate, startedBy: startedBy(team) });
  return Response.json({ task_id: taskId }, { status: 201 });
});
