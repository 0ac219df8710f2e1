import { apiV1Route } from "@/lib/http/route";
import { readBody } from "@/lib/http/body";
import { toValidationIssues } from "@/lib/http/zod-issues";
import { validationError } from "@/lib/errors";
import { forecastRequestSchema } from "@/lib/schemas/forecasts";
import { forecastFromModel } from "@/lib/services/forecasts";

// POST /api/v1/models/{model_id}/forecast: future values from a stored forecast model (extension); the body is optional
export const POST = apiV1Route({}, async ({ request, team, params }) => {
  const parsed = await readBody(request);
  const raw = parsed.kind === "none" ? {} : parsed.value;
  const body = forecastRequestSchema.safeParse(raw);
  if (!body.success) throw validationError(toValidationIssues(body.error, "body", raw));
  const answer = await forecastFromModel({
    teamId: team.teamId,
    modelId: params.modelId,
    horizon: body.data.horizon,
    group: body.data.group,
    includeHistory: body.data.include_history,
    signal: request.signal,
  });
  return Response.json(answer);
});
