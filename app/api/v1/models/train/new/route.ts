import { apiV1Route } from "@/lib/http/route";
import { trainRequestSchema } from "@/lib/schemas/training";
import { startedBy, submitTraining } from "@/lib/services/training";

// POST /api/v1/models/train/new: queue a training task; answers 201 {task_id}
export const POST = apiV1Route({ body: trainRequestSchema }, async ({ team, body }) => {
  const { taskId } = await submitTraining(team.teamId, {
    datasetId: body.dataset_id,
    predictFields: body.predict_fields,
    ignoreFields: body.ignore_fields,
    duration: body.duration,
    extraAttention: body.extra_attention,
    force: body.force,
    source: team.apiKeyId ? "api" : "web",
    forecast: body.forecast,
    startedBy: startedBy(team),
  });
  return Response.json({ task_id: taskId }, { status: 201 });
});
