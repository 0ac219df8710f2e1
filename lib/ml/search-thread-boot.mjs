// Worker-thread bootstrap of the search: registers tsx's loader in this thread, then loads the
// TypeScript entry (search.ts explains why the thread does not start from search-thread.ts itself).
import { register } from "tsx/esm/api";

register();
await import("./search-thread.ts");
