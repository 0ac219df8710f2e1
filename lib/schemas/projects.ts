// Projects: request bodies of POST /api/v1/projects and PUT /api/v1/projects/{project_id}.
import { z } from "zod";

const TEXT_LIMIT = 20_000;
const chatText = (name: string) => z.string({ message: `${name} must be a string` }).max(TEXT_LIMIT, `${name} must be at most ${TEXT_LIMIT} characters`);

export const createProjectSchema = z.looseObject({
  name: z.string({ message: "name must be a string" }).trim().min(1, "name must not be empty").max(200),
  datasetId: z.string({ message: "datasetId must be a string" }).nullable().optional(),
  chatInstructions: chatText("chatInstructions").optional(),
  chatContext: chatText("chatContext").optional(),
  chatSuggestions: chatText("chatSuggestions").optional(),
  _owner: z.string().optional(),
  _org: z.string().optional(),
});

export const updateProjectSchema = z.looseObject({
  name: z.string({ message: "name must be a string" }).trim().min(1, "name must not be empty").max(200).optional(),
  datasetId: z.string({ message: "datasetId must be a string" }).nullable().optional(),
  chatInstructions: chatText("chatInstructions").optional(),
  chatContext: chatText("chatContext").optional(),
  chatSuggestions: chatText("chatSuggestions").optional(),
});
