// Worker-thread bootstrap: registers tsx's loader in this thread (execArgv ["--import", "tsx"] does not
// reach worker threads on Node 20), then loads the TypeScript entry.
import { register } from "tsx/esm/api";

register();
await import("./search-thread.ts");
