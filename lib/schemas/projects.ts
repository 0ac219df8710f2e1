// Projects: request bodies of POST /api/v1/projects and PUT /api/v1/projects/{project_id}, and the project they answer with.
import { z } from "zod";
import { timestampSchema } from "./common";
import { PROJECT_NAME_MAX, PROJECT_TEXT_MAX } from "./project-limits";

const TEXT_LIMIT = PROJECT_TEXT_MAX;
const chatText = (name: string) => z.string({ message: `${name} must be a string` }).max(TEXT_LIMIT, `${name} must be at most ${TEXT_LIMIT} characters`);

export const createProjectSchema = z.looseObject({
  name: z
    .string({ message: "name must be a string" })
    .trim()
    .min(1, "name must not be empty")
    .max(PROJECT_NAME_MAX, `name must be at most ${PROJECT_NAME_MAX} characters`),
  datasetId: z.string({ message: "datasetId must be a string" }).nullable().optional(),
  chatInstructions: chatText("chatInstructions").optional(),
  chatContext: chatText("chatContext").optional(),
  chatSuggestions: chatText("chatSuggestions").optional(),
  _owner: z.string().optional(),
  _org: z.string().optional(),
});

export const updateProjectSchema = z.looseObject({
  name: z
    .string({ message: "name must be a string" })
    .trim()
    .min(1, "name must not be empty")
    .max(PROJECT_NAME_MAX, `name must be at most ${PROJECT_NAME_MAX} characters`)
    .optional(),
  datasetId: z.string({ message: "datasetId must be a string" }).nullable().optional(),
  chatInstructions: chatText("chatInstructions").optional(),
  chatContext: chatText("chatContext").optional(),
  chatSuggestions: chatText("chatSuggestions").optional(),
});

export const projectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    chatInstructions: z.string(),
    chatContext: z.string(),
    chatSuggestions: z.string().meta({ description: "Newline-separated example questions." }),
    datasetId: z.string().nullable().meta({ description: "The dataset chat exploration over this project reads (extension)." }),
    _owner: z.string(),
    _org: z.string(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Project" });

export const projectListSchema = z.object({ projects: z.array(projectSchema) }).meta({ id: "ProjectList" });

export type Project = z.infer<typeof projectSchema>;
export type ProjectCreate = z.input<typeof createProjectSchema>;
export type ProjectUpdate = z.input<typeof updateProjectSchema>;
